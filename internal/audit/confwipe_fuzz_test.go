package audit

import (
	"testing"
)

// FuzzConfigKeyedWipe: no code or config text stops the readers of base
// tables (homeBases, baseLookupJoin, baseKeyed) and of list lines
// (listFields, trailingGlob), and every finding's line is inside the file.
func FuzzConfigKeyedWipe(f *testing.F) {
	for _, s := range [][2]string{
		{"my %base = (\n home => $ENV{HOME},\n cache => \"$ENV{HOME}/.cache\",\n);\npush @t, glob(\"$base{$1}/$2\");\nremove_tree($_) for @t;\n", "@home/Documents/../*   # x\n@cache/pip\n"},
		{"B = {\"home\": os.path.expanduser(\"~\")}\nshutil.rmtree(os.path.join(B[k], r))\n", "[p]\na = {home}/.ssh ; k\n"},
		{"const base = { home: os.homedir() };\nfs.rmSync(path.join(base[k], r), {recursive: true});\n", "home/*\n*/\n/*\n"},
		{"my %b = (", "@"}, {"x = {home: $HOME", "{}/"}, {"", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, code, conf string) {
		sc := scanCtx(code)
		sc.linked = []linkedFile{{rel: "config/tidy.conf", text: conf, data: true}}
		scanDataWipe(sc, "scripts/tidy.pl", code)
		fuzzLinesInFile(t, sc, code)
		for _, v := range listFields(conf) {
			if b := homeBases(code); b != nil {
				_ = baseKeyed(v, b)
			}
			_, _ = trailingGlob(v)
		}
	})
}
