package audit

import (
	"strings"
	"testing"
)

// anyWrite takes every character of a text for a write, so the fuzz
// target reads every literal.
var anyWrite = lazyRE(`.`)

// FuzzPersistInspect: no Python or JavaScript text stops the readings of
// persistinspect.go (brackets, quotes, names and if lines left open or
// unbalanced), for every string literal of the text.
func FuzzPersistInspect(f *testing.F) {
	for _, s := range []string{
		"SKIP = {'config', 'authorized_keys'}\nfor p in ps:\n    if p.name in SKIP or p.suffix == '.pub':\n        continue\n",
		"ak = Path.home() / '.ssh' / 'authorized_keys'\nif ak.exists():\n    ak.open('a').write(k)\n",
		"with open(os.path.expanduser('~/.bashrc')) as f:\n    t = f.read()\nsubprocess.run(['ssh-keygen', '-l', '-f', str(p)])\n",
		"const SKIP = new Set(['authorized_keys']);\nif (SKIP.has(f)) continue;\nif (!(['.bashrc'].includes(f)) || x) { fs.appendFileSync(f, x) }\n",
		"keys = [p for p in os.listdir(d) if p not in ('authorized_keys',)]\n",
		"if (a in ('.bashrc')) or b: pass\nos.system('crontab -l')\nexecSync(`ls ${x}`)\nsubprocess.",
		"x = (((('authorized_keys'", "if ('.zshrc'", "')'", "subprocess.run([", "os.system(",
		strings.Repeat("(", 5000) + "'.bashrc'" + strings.Repeat(")", 5000),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		persistWrites(code, pyWrite)
		persistWrites(code, jsWrite)
		p := newPersistInspect(code, anyWrite)
		for _, m := range strLit.FindAllStringIndex(code, 64) {
			p.persistLitInspected(m[0], m[1])
		}
	})
}
