package audit

import (
	"strings"
	"testing"
)

// FuzzGoRemoteCommand: no Go source stops the Go connection reader with
// its remote-command and literal-returning-function paths, and every
// finding's line is inside the file.
func FuzzGoRemoteCommand(f *testing.F) {
	for _, s := range []string{
		"package main\nimport (\"net\"; \"os/exec\"; \"bufio\")\nfunc sh() (string, string) { return \"sh\", \"-c\" }\nfunc f(c net.Conn) { r := bufio.NewReader(c); m, _ := r.ReadString(10); a, b := sh(); exec.Command(a, b, m).Run() }\n",
		"package main\nimport \"os/exec\"\nfunc f() { var c net.Conn; s := bufio.NewScanner(c); exec.Command(s.Text()) }\n",
		"package main\nimport \"os/exec\"\nfunc g() (int) { return }\nfunc f() { a, b := g(); exec.CommandContext(a) ; Dial }\n",
		"package p\n" + strings.Repeat("func x() (string) { return \"sh\" }\n", 3) + "// os/exec Dial",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanGoShell(sc, "cmd/x/main.go", code)
		fuzzLinesInFile(t, sc, code)
	})
}
