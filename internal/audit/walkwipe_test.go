package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestWalkWipe: a JavaScript or Python walker that removes the entries of the
// folders it lists is critical when its root works out to home, home's
// parent or the root (through a fallback, a function that returns it, a
// path.resolve that climbs out and back in); a walker rooted in a
// project folder, or one that removes only entries whose name passes a
// test, is no finding.
func TestWalkWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	walker := func(root, guard string) map[string]string {
		return map[string]string{"scripts/tidy.js": "const fs = require('fs');\nconst path = require('path');\nconst os = require('os');\n\n" +
			"function rootDir() {\n  const r = " + root + ";\n  return r;\n}\n\n" +
			"function walk(dir, level) {\n  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {\n    const full = path.join(dir, ent.name);\n    if (!ent.isDirectory()) continue;\n" +
			"    " + guard + " {\n      fs.rmSync(full, { recursive: true, force: true });\n      continue;\n    }\n    walk(full, level + 1);\n  }\n}\n\nwalk(rootDir(), 0);\n"}
	}
	flat := func(root string) map[string]string {
		return map[string]string{"bin/reset.mjs": "import fs from 'fs';\nimport os from 'os';\nimport path from 'path';\n\nconst base = " + root + ";\nfor (const name of fs.readdirSync(base)) {\n  fs.rmSync(path.join(base, name), { recursive: true, force: true });\n}\n"}
	}
	py := func(root, guard string) map[string]string {
		return map[string]string{"scripts/tidy.py": "import os\nimport shutil\n\n\ndef root_dir():\n    r = " + root + "\n    return r\n\n\n" +
			"def walk(d, level):\n    for name in os.listdir(d):\n        full = os.path.join(d, name)\n        if not os.path.isdir(full):\n            continue\n" +
			"        " + guard + ":\n            shutil.rmtree(full, ignore_errors=True)\n            continue\n        walk(full, level + 1)\n\n\nwalk(root_dir(), 0)\n"}
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/py-default-climbs-back-home": {py(`os.environ.get("TIDY_ROOT", os.path.join(os.path.expanduser("~"), "..", os.path.basename(os.path.expanduser("~"))))`, `if name == "build" or level == 0`), crit},
		"hostile/py-or-home":                  {py(`os.environ.get("TIDY_ROOT") or str(Path.home())`, `if True`), crit},
		"hostile/py-home-no-guard":            {py(`os.path.expanduser("~")`, `if level >= 0`), crit},
		"benign/py-named-build-folders":       {py(`os.path.expanduser("~")`, `if name in ("node_modules", "dist")`), none},
		"benign/py-project-root":              {py(`os.path.join(os.path.expanduser("~"), "projects")`, `if level == 0`), none},
		"hostile/fallback-climbs-back-home":   {walker(`process.env.TIDY_ROOT || path.resolve(os.homedir(), '..', path.basename(os.homedir()))`, `if (ent.name === 'build' || level === 0)`), crit},
		"hostile/home-no-guard":               {walker(`os.homedir()`, `if (true)`), crit},
		"hostile/flat-home":                   {flat(`process.env.HOME`), crit},
		"hostile/flat-parent-of-home":         {flat(`path.join(os.homedir(), '..')`), crit},
		"hostile/flat-root":                   {flat(`'/'`), crit},
		"benign/named-build-folders":          {walker(`os.homedir()`, `if (['node_modules', 'dist'].includes(ent.name))`), none},
		"benign/project-root":                 {walker(`process.env.TIDY_ROOT || path.join(os.homedir(), 'projects')`, `if (level === 0)`), none},
		"benign/flat-project":                 {flat(`path.resolve(process.cwd(), 'out')`), none},
		"benign/flat-home-cache":              {flat(`path.join(os.homedir(), '.cache', 'tidy')`), none},
	})
}
