package audit

import (
	"strings"
	"testing"
)

// FuzzAgentModule: no script or module text stops the cross-module
// agent-tamper reader, and what it reports lies within the script's lines.
func FuzzAgentModule(f *testing.F) {
	f.Add("import { writeFileSync } from \"node:fs\";\nimport { C } from \"./c.js\";\nwriteFileSync(C[0], \"x\");\n",
		"import { homedir } from \"node:os\";\nexport const C = [homedir() + \"/.cursor/mcp.json\"];\n", "{\"a\": [\"~/.claude/settings.json\"]}")
	f.Add("from c import T\nopen(T, 'a').write('x')\n", "T = '~/.codex/AGENTS.md'\n", "[\"$HOME/.claude\", \"skills\"]")
	f.Add("writeFile(`", "'", strings.Repeat("\"~/.claude/\",", 100))
	f.Fuzz(func(t *testing.T, script, module, data string) {
		for _, p := range [][2]string{{"src/setup.ts", "src/c.ts"}, {"scripts/setup.py", "scripts/c.py"}} {
			sc := scanCtx(script)
			scanAgentModule(sc, p[0], script, []linkedFile{{rel: p[1], text: module}, {rel: "config/c.json", text: data, data: true}})
			fuzzLinesInFile(t, sc, script)
		}
	})
}
