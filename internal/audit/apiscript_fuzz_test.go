package audit

import (
	"slices"
	"strings"
	"testing"
)

// TestAPIClientScriptLines: each line of a collection's script text is
// given the line of the file that holds it: a .bru block line by line
// (its header and closing brace left out), a JSON string at its own line
// for every line it decodes to, a Postman v1 tests string only beside a
// preRequestScript.
func TestAPIClientScriptLines(t *testing.T) {
	cases := []struct {
		rel, content, code string
		lines              []int
	}{
		{"c/folder.bru", "meta {\n  name: x\n}\n\nscript:pre-request {\n  a();\n  if (x) {\n    b();\n  }\n}\n\ndocs {\n  c();\n}\n\ntests {\r\n  d();\r\n}\r\n",
			"  a();\n  if (x) {\n    b();\n  }\n  d();\n", []int{6, 7, 8, 9, 17}},
		{"c/x.postman_collection.json", "{\"event\": [{\"listen\": \"test\",\n \"script\": {\"exec\": [\n \"a();\",\n \"\",\n \"b();\\nc();\"]}}],\n \"exec\": [\"no();\"]}",
			"a();\nb();\nc();\n", []int{3, 5, 5}},
		{"c/v1.json", "{\"requests\": [{\"tests\": \"t();\",\n \"preRequestScript\": \"p();\"}, {\"tests\": \"no();\"}]}",
			"p();\nt();\n", []int{2, 1}},
		{"c/bad.json", "{\"testScript\": \"a();\", \"x\": [", "a();\n", []int{1}},
		{"c/notes.md", "script:pre-request {\n  a();\n}\n", "", nil},
	}
	for _, c := range cases {
		code, lrel, lines, ok := apiClientScript(c.rel, c.content)
		if code != c.code || !slices.Equal(lines, c.lines) || ok != (c.code != "") || (ok && lrel != c.rel+".js") {
			t.Errorf("%s: got %q %v %q %v, want %q %v", c.rel, code, lines, lrel, ok, c.code, c.lines)
		}
	}
}

// FuzzAPIClientScript: no .bru or JSON text stops the API-collection
// script reader, and every line of the text it returns is mapped to a
// line of the file.
func FuzzAPIClientScript(f *testing.F) {
	f.Add("script:pre-request {\n  const fs = require('fs');\n}\ntests {\n")
	f.Add("{\"event\": [{\"script\": {\"exec\": [\"a();\", \"b();\\nc();\"]}}], \"preRequestScript\": \"x\", \"tests\": \"y\"}")
	f.Add("{\"script\": {\"exec\": \"a();\"}, \"exec\": [[\"x\"], {\"script\": 1}]}")
	f.Add("[\"exec\", {\"\": \"testScript\"}, {\"testScript\": {\"a\": \"b\"}}]")
	f.Fuzz(func(t *testing.T, content string) {
		for _, rel := range []string{"c/collection.bru", "c/c.postman_collection.json"} {
			code, _, lines, ok := apiClientScript(rel, content)
			if !ok {
				continue
			}
			if n := strings.Count(code, "\n"); n != len(lines) {
				t.Fatalf("%s: %d lines of code, %d mapped", rel, n, len(lines))
			}
			last := strings.Count(content, "\n") + 1
			for _, l := range lines {
				if l < 1 || l > last {
					t.Fatalf("%s: line %d of a %d-line file", rel, l, last)
				}
			}
		}
	})
}
