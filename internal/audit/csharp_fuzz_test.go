package audit

import (
	"strings"
	"testing"
)

// FuzzScanCSharp: no C# text stops the audit (csHoles, the flow's
// assignment, method and foreach patterns, callArgs over a sink's
// arguments), and csHoles keeps the length of what it blanks.
func FuzzScanCSharp(f *testing.F) {
	for _, s := range []string{
		"var c = new TcpClient(\"h\", 1); var r = new StreamReader(c.GetStream()); string l; while ((l = r.ReadLine()) != null) Process.Start(\"cmd.exe\", \"/c \" + l);",
		"static string Run(string cmd) => Process.Start(new ProcessStartInfo { FileName = \"sh\", Arguments = $\"-c \\\"{cmd}\\\"\" }).StandardOutput.ReadToEnd();\nvoid M(Socket s) { var b = new byte[9]; s.Receive(b); Run(Encoding.UTF8.GetString(b)); }",
		"$@\"{x}\\\" \" + @\"c:\\\" + $\"{{\" + '\\'' + \"unterminated",
		"foreach (var j in await http.GetStringAsync(u)) { psi.ArgumentList.Add(j); }",
		"p.StandardInput.WriteLine(rd.ReadLine()); ns.CopyToAsync(p.StandardInput.BaseStream); \"bash\" TcpClient Process",
		strings.Repeat("x = y(", 200) + "Process TcpClient",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if h := csHoles(code); len(h) != len(code) {
			t.Fatalf("csHoles changed the length: %q -> %q", code, h)
		}
		sc := scanCtx(code)
		scanCSharp(sc, "src/X.cs", code)
	})
}
