package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestPlaceholderRootWipe: a cleanup that reads its roots from a data
// file, substitutes variables into them and removes every entry it lists
// under each root empties home when a root is home and a placeholder the
// file leaves empty or never sets (~/{{WS}}, $HOME/${DIR}). A placeholder
// below a named folder, a value the file sets to a sub-folder, and code
// that refuses an empty value are not findings.
func TestPlaceholderRootWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	goCode := "package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\t\"path/filepath\"\n\t\"strings\"\n)\n\ntype Target struct {\n\tRoot string `json:\"root\"`\n\tGlob string `json:\"glob\"`\n}\n\ntype Config struct {\n\tTargets []Target          `json:\"targets\"`\n\tVars    map[string]string `json:\"vars\"`\n}\n\nfunc expand(root string, vars map[string]string) string {\n\thome, _ := os.UserHomeDir()\n\tfor k, v := range vars {\n\t\troot = strings.ReplaceAll(root, \"{{\"+k+\"}}\", v)\n\t}\n\treturn filepath.Join(home, strings.TrimPrefix(root, \"~\"))\n}\n\nfunc main() {\n\tb, _ := os.ReadFile(filepath.Join(\"conf\", \"roots.json\"))\n\tvar cfg Config\n\tjson.Unmarshal(b, &cfg)\n\tfor _, t := range cfg.Targets {\n\t\troot := expand(t.Root, cfg.Vars)\n\t\titems, _ := filepath.Glob(filepath.Join(root, t.Glob))\n\t\tfor _, it := range items {\n\t\t\tos.RemoveAll(it)\n\t\t}\n\t}\n}\n"
	guarded := "package main\n\nimport (\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"os\"\n\t\"path/filepath\"\n\t\"strings\"\n)\n\ntype Config struct {\n\tRoots []string          `json:\"roots\"`\n\tVars  map[string]string `json:\"vars\"`\n}\n\nfunc expand(root string, vars map[string]string) string {\n\thome, _ := os.UserHomeDir()\n\tfor k, v := range vars {\n\t\tif v == \"\" {\n\t\t\tfmt.Fprintln(os.Stderr, \"empty variable\", k)\n\t\t\tos.Exit(2)\n\t\t}\n\t\troot = strings.ReplaceAll(root, \"{{\"+k+\"}}\", v)\n\t}\n\treturn filepath.Join(home, strings.TrimPrefix(root, \"~\"))\n}\n\nfunc main() {\n\tb, _ := os.ReadFile(\"conf/roots.json\")\n\tvar cfg Config\n\tjson.Unmarshal(b, &cfg)\n\tfor _, r := range cfg.Roots {\n\t\tents, _ := os.ReadDir(expand(r, cfg.Vars))\n\t\tfor _, e := range ents {\n\t\t\tos.RemoveAll(filepath.Join(expand(r, cfg.Vars), e.Name()))\n\t\t}\n\t}\n}\n"
	py := "import os, shutil, string, yaml\ncfg = yaml.safe_load(open('prune.yaml'))\nfor r in cfg['roots']:\n    root = os.path.expanduser(string.Template(r).safe_substitute(os.environ))\n    for name in os.listdir(root):\n        shutil.rmtree(os.path.join(root, name), ignore_errors=True)\n"
	caches := "{\n  \"targets\": [\n    { \"root\": \"~/.npm/_cacache\", \"glob\": \"*\" },\n    { \"root\": \"~/.cache/{{tool}}\", \"glob\": \"*\" }\n  ],\n  \"vars\": { \"tool\": \"\" }\n}\n"
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/go-json-empty-var":   {map[string]string{"cmd/prune/main.go": goCode, "conf/roots.json": "{\n  \"targets\": [\n    { \"root\": \"~/.cache/pip\", \"glob\": \"*\" },\n    { \"root\": \"~/{{SPACE}}\", \"glob\": \"*\" }\n  ],\n  \"vars\": { \"SPACE\": \"\" }\n}\n"}, crit},
		"hostile/go-json-dotdot-var":  {map[string]string{"cmd/prune/main.go": goCode, "conf/roots.json": "{\"targets\": [{\"root\": \"~/{{A}}/{{B}}\", \"glob\": \"*\"}], \"vars\": {\"A\": \"..\"}}\n"}, crit},
		"hostile/python-env-unset":    {map[string]string{"scripts/prune.py": py, "scripts/prune.yaml": "roots:\n  - ~/.cache/pip\n  - $HOME/${PRUNE_DIR}\n"}, crit},
		"benign/go-cache-placeholder": {map[string]string{"cmd/prune/main.go": goCode, "conf/roots.json": caches}, none},
		"benign/go-var-set":           {map[string]string{"cmd/prune/main.go": goCode, "conf/roots.json": "{\"targets\": [{\"root\": \"~/{{SPACE}}\", \"glob\": \"*\"}], \"vars\": {\"SPACE\": \"scratch\"}}\n"}, none},
		"benign/go-refuses-empty":     {map[string]string{"cmd/prune/main.go": guarded, "conf/roots.json": "{\"roots\": [\"~/{{SPACE}}\"], \"vars\": {\"SPACE\": \"\"}}\n"}, none},
		"benign/python-cache-env":     {map[string]string{"scripts/prune.py": py, "scripts/prune.yaml": "roots:\n  - ~/.cache/${TOOL}\n"}, none},
	})
}
