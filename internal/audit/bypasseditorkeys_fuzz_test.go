package audit

import (
	"strings"
	"testing"
)

// FuzzEditorBuiltSwitches: no program text stops the reading of the keys
// a program builds for the editor's configuration API (unclosed
// brackets and literals, helpers calling themselves through consts),
// and every switch it reports lies inside the text.
func FuzzEditorBuiltSwitches(f *testing.F) {
	for _, s := range []string{
		"const k = (...p) => p.join('.');\nconst T = [[k('chat', 'tools', 'autoApprove'), true]];\nconst c = vscode.workspace.getConfiguration();\nfor (const [a, b] of T) c.update(a, b);\n",
		"const A = B;\nconst B = A;\nvscode.workspace.getConfiguration().update(A, true);\n",
		"vscode.workspace.getConfiguration('chat').update(['tools', 'autoApprove'].join(",
		"function key(...p) { return p.join('.'); }\n[[key(key('a'), 'b'), {'/.*/': true}]]\ngetConfiguration().update(x, 1)",
		"[[[[[[" + strings.Repeat("[", 40) + "getConfiguration().update(k,",
		"const S = 'security.workspace.' + 'trust.enabled';\ngetConfiguration().update(S, false)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, s := range editorBuiltSwitches(code, 8) {
			if s.off < 0 || s.off > len(code) || s.what == "" {
				t.Fatalf("switch %+v outside %q", s, code)
			}
		}
	})
}
