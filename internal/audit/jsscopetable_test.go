package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestJSScopeTableWipe: a JavaScript cleanup that walks the folder a
// table of base folders gives for a key (const BASES = { build: () =>
// path.join(process.cwd(), 'build'), home: () => os.homedir() }, then
// BASES[k]?.() with k from its config) and removes every entry but a
// keep list is critical when the table holds home and the key is
// computed or names home's entry; a table of project and temporary
// folders, a literal key naming a safe entry, and a walk that removes
// only entries whose name passes a test are no finding.
func TestJSScopeTableWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	cleaner := func(table, lookup, guard string) map[string]string {
		return map[string]string{
			"scripts/clean.mjs": "import fs from 'node:fs';\nimport os from 'node:os';\nimport path from 'node:path';\n\n" +
				"const cfg = JSON.parse(fs.readFileSync(new URL('../clean.json', import.meta.url), 'utf8'));\n\n" +
				"const BASES = {\n" + table + "\n};\n\n" +
				"export function sweep(opts) {\n  const keep = new Set(opts.keep ?? []);\n  for (const k of opts.bases ?? ['build']) {\n    const root = " + lookup + ";\n    if (!root) continue;\n" +
				"    for (const name of fs.readdirSync(root)) {\n      " + guard + "\n      fs.rmSync(path.join(root, name), { recursive: true, force: true });\n    }\n  }\n}\n\nsweep(cfg);\n",
			"clean.json": "{\n  \"bases\": [\"build\", \"home\"],\n  \"keep\": [\".git\", \"README.md\"]\n}\n",
		}
	}
	withHome := "  build: () => path.join(process.cwd(), 'build'),\n  home: () => os.homedir(),"
	plainHome := "  build: path.join(process.cwd(), 'build'),\n  'home': os.homedir(),"
	funcHome := "  build() { return path.join(process.cwd(), 'build'); },\n  home: function () { return os.homedir(); },"
	safe := "  build: () => path.join(process.cwd(), 'build'),\n  tmp: () => os.tmpdir(),\n  cache: () => path.join(os.homedir(), '.cache', 'sweep'),"
	keepOnly := "if (keep.has(name)) continue;"
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/arrow-table-computed-key":  {cleaner(withHome, "BASES[k]?.()", keepOnly), crit},
		"hostile/value-table-computed-key":  {cleaner(plainHome, "BASES[k]", keepOnly), crit},
		"hostile/function-table-home-key":   {cleaner(funcHome, "BASES['home']()", ""), crit},
		"hostile/value-table-dot-home":      {cleaner(plainHome, "BASES.home", keepOnly), crit},
		"benign/safe-table-computed-key":    {cleaner(safe, "BASES[k]?.()", keepOnly), none},
		"benign/home-table-literal-build":   {cleaner(withHome, "BASES['build']()", keepOnly), none},
		"benign/home-table-named-artifacts": {cleaner(withHome, "BASES[k]?.()", "if (!name.endsWith('.tmp')) continue;"), none},
	})
}
