package audit

import (
	"context"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// FuzzDataStrings: no data file stops the audit, and every target it
// lists is judged without a panic.
func FuzzDataStrings(f *testing.F) {
	for _, s := range []string{
		"targets = [\".cache/../.ssh\", \"x\"]\nprotect = [\"~\"]\n",
		"{\"a\": [\"/tmp/../etc\", {\"keep\": \"~/.ssh\"}]}",
		"paths:\n  - ~/.aws\n  - [a, b]\n",
		"a\tb,c=d\n# c\n; e\n[s]\n..\n",
		"home = os.path.expanduser('~')\nfor t in x:\n    p = os.path.join(home, t)\n    shutil.rmtree(p)\n",
		"let h = dirs::home_dir().unwrap();\nlet q = h.join(&t);\nfs::remove_dir_all(&q);\n",
	} {
		for _, ext := range []string{".toml", ".json", ".yaml", ".tsv"} {
			f.Add("d"+ext, s)
		}
	}
	f.Fuzz(func(t *testing.T, rel, text string) {
		for _, v := range dataStrings(linkedFile{rel: rel, text: text, data: true}) {
			listedTarget(v, true)
		}
		// the text as code reading itself as its data file
		sc := &skillCtx{ctx: context.Background(), skill: index.Skill{Name: "s"}, linked: []linkedFile{{rel: rel, text: text, data: true}}}
		sc.fileText = text
		scanDataWipe(sc, "scripts/x.py", text)
	})
}
