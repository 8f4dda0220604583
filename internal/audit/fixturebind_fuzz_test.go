package audit

import "testing"

// FuzzFixtureBoundAsData: no line or text stops the reader of fixture
// bindings (fixtureBoundAsData, fixtureLocalImports).
func FuzzFixtureBoundAsData(f *testing.F) {
	f.Add("FIXTURE = Path('fixtures') / 'x.txt'", "import scan\nFIXTURE = Path('fixtures') / 'x.txt'\nscan.scan_file(FIXTURE)\n")
	f.Add("SAMPLE=tests/fixtures/x.txt", "SAMPLE=tests/fixtures/x.txt\ngrep -q a \"$SAMPLE\"\n")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, line, text string) {
		texts := map[string]string{"tests/t.py": text, "scan.py": text, "tests/fixtures/x.txt": line}
		_ = fixtureBoundAsData(line, text, texts)
		_ = fixtureLocalImports(text)
	})
}
