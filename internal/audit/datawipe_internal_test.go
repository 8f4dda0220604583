package audit

import "testing"

// FuzzDataStrings: no data file stops the audit, and every target it
// lists is judged without a panic.
func FuzzDataStrings(f *testing.F) {
	for _, s := range []string{
		"targets = [\".cache/../.ssh\", \"x\"]\nprotect = [\"~\"]\n",
		"{\"a\": [\"/tmp/../etc\", {\"keep\": \"~/.ssh\"}]}",
		"paths:\n  - ~/.aws\n  - [a, b]\n",
		"a\tb,c=d\n# c\n; e\n[s]\n..\n",
	} {
		for _, ext := range []string{".toml", ".json", ".yaml", ".tsv"} {
			f.Add("d"+ext, s)
		}
	}
	f.Fuzz(func(t *testing.T, rel, text string) {
		for _, v := range dataStrings(dataFile{rel, text}) {
			listedTarget(v, true)
		}
		namesLiteral(text, rel)
	})
}
