package audit

import (
	"strings"
	"testing"
)

// FuzzPyScratchWrite: the scratch-write and public-key-glob readers take
// any text without panicking, and a file that renames anything never has
// a non-stdout write called scratch.
func FuzzPyScratchWrite(f *testing.F) {
	f.Add("with tempfile.NamedTemporaryFile('w') as t:\n    t.write(x)\n")
	f.Add("t = tempfile.TemporaryFile()\nt.write(b'x')\nos.replace(t.name, p)\n")
	f.Add("sys.stdout.write('x')\n")
	f.Add("for k in d.glob('*.pub'):\n    k.read_text()\n")
	f.Add("for k in glob.glob(os.path.join(d, 'id_*')):\n")
	f.Fuzz(func(t *testing.T, c string) {
		nonKey := map[string]bool{}
		pyNonKeyLoops(c, nonKey)
		for i := strings.Index(c, ".write("); i >= 0; {
			if pyScratchWrite(c, i) && pyMovesFile.MatchString(c) {
				if r := pyWriteRecv.FindStringSubmatch(c[max(0, i-80):i]); r == nil || r[1] != "sys.stdout" && r[1] != "sys.stderr" {
					t.Fatalf("scratch write in a file that moves files: %q", c)
				}
			}
			j := strings.Index(c[i+1:], ".write(")
			if j < 0 {
				break
			}
			i += 1 + j
		}
	})
}
