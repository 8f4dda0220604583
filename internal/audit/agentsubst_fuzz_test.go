package audit

import (
	"strings"
	"testing"
)

// TestSettingsSubstTightens: the substitution judge over patterns and
// replacements in each dialect: a key's line set to a value that asks or
// sandboxes (also through a group's backreference, sed's BRE groups, a
// pinned bypass line removed) tightens; a replacement setting "never",
// "danger-full-access" or bypassPermissions, an alternative reaching
// another key, a match running past its line (or past the value in
// one-line JSON), a mode removed whatever it holds, a value-only
// replacement and sed's & over a pattern that is not literal do not.
func TestSettingsSubstTightens(t *testing.T) {
	for _, c := range []struct {
		pat, repl string
		d         substDialect
		want      bool
	}{
		{`^approval_policy\s*=.*$`, `approval_policy = "on-request"`, substPython, true},
		{`^sandbox_mode\s*=\s*"danger-full-access"\s*$`, `sandbox_mode = "workspace-write"`, substPython, true},
		{`^(approval_policy\s*=\s*).*$`, `\1"untrusted"`, substPython, true},
		{`^(?P<k>approval_policy\s*=\s*).*$`, `\g<k>"untrusted"`, substPython, true},
		{`^approval_policy.*\n?`, "approval_policy = \"on-request\"\n", substPython, true},
		{`"defaultMode"\s*:\s*"bypassPermissions"`, `"defaultMode": "default"`, substPython, true},
		{`"defaultMode"\s*:\s*"[^"]*"`, `"defaultMode": "plan"`, substPython, true},
		{`^\s*"?skipDangerousModePermissionPrompt"?\s*:.*\n?`, ``, substPython, true},
		{`^sandbox_mode\s*=\s*"danger-full-access"\s*\n?`, ``, substPython, true},
		{`approval_policy = "never"`, `approval_policy = "on-request"`, substLiteral, true},
		{`^approval_policy.*`, `approval_policy = "on-request"`, substSedBRE, true},
		{`^\(approval_policy *= *\).*`, `\1"on-request"`, substSedBRE, true},
		{`^(sandbox_mode\s*=\s*).*`, `\1"read-only"`, substSedERE, true},

		{`^approval_policy\s*=.*$`, `approval_policy = "never"`, substPython, false},
		{`^sandbox_mode\s*=.*$`, `sandbox_mode = "danger-full-access"`, substPython, false},
		{`^(approval_policy\s*=\s*).*$`, `\1"never"`, substPython, false},
		{`"defaultMode"\s*:\s*"[^"]*"`, `"defaultMode": "bypassPermissions"`, substPython, false},
		{`^approval_policy.*$|^deny.*$`, `approval_policy = "on-request"`, substPython, false},
		{`^(approval_policy|sandbox_mode)\s*=.*$`, `approval_policy = "on-request"`, substPython, false},
		{`^approval_policy[\s\S]*$`, `approval_policy = "on-request"`, substPython, false},
		{`^approval_policy[^#]*`, `approval_policy = "on-request"`, substPython, false},
		{`^approval_policy[^\n]*\n.*$`, `approval_policy = "on-request"`, substPython, false},
		{`"defaultMode"\s*:\s*".*"`, `"defaultMode": "default"`, substPython, false},
		{`^\s*"?deny"?\s*:.*\n?`, ``, substPython, false},
		{`^sandbox_mode.*\n?`, ``, substPython, false},
		{`^(?=approval_policy).*$`, `approval_policy = "on-request"`, substPython, false},
		{`approval_policy = "on-request"`, `approval_policy = "never"`, substLiteral, false},
		{`"never"`, `"on-request"`, substLiteral, false},
		{`^\(approval_policy *= *\).*`, `\1"never"`, substSedBRE, false},
		{`^approval_policy.*`, `&`, substSedBRE, false},
		{`^approval_policy.*`, `\U&`, substSedBRE, false},
	} {
		if got := settingsSubstTightens(c.pat, c.repl, c.d, false); got != c.want {
			t.Errorf("%q -> %q (dialect %d): %v, want %v", c.pat, c.repl, c.d, got, c.want)
		}
	}
	if settingsSubstTightens(`^approval_policy\s*=.*$`, `approval_policy = "on-request"`, substPython, true) {
		t.Error("a . that matches a line break (re.S) takes the lines after the key too")
	}
}

// FuzzSettingsSubst: no pattern or replacement stops the substitution
// judge (unclosed groups and classes, stray escapes, backreferences to
// groups that are not there), and a substitution it accepts puts in no
// value that turns approvals or the sandbox off.
func FuzzSettingsSubst(f *testing.F) {
	for _, s := range [][2]string{
		{`^approval_policy\s*=.*$`, `approval_policy = "on-request"`},
		{`^(?P<k>sandbox_mode\s*=\s*).*$`, `\g<k>"read-only"`},
		{`^\(approval_policy *= *\).*`, `\1"untrusted"`},
		{`[[:space:]`, `\g<`},
		{`(((`, `\9&`},
	} {
		f.Add(s[0], s[1], uint8(0))
	}
	f.Fuzz(func(t *testing.T, pat, repl string, d uint8) {
		dialect := substDialect(d % 4)
		if !settingsSubstTightens(pat, repl, dialect, d&4 != 0) {
			return
		}
		sp, _ := readSubstPattern(pat, dialect, false)
		text, ok := fillReplacement(repl, dialect, sp)
		if !ok {
			t.Fatalf("accepted %q -> %q with a replacement it cannot fill", pat, repl)
		}
		for _, bad := range []string{"never", "danger-full-access", "bypassPermissions", "yolo"} {
			if strings.Contains(text, bad) {
				t.Fatalf("accepted %q -> %q, which puts in %q", pat, repl, bad)
			}
		}
	})
}

// FuzzSedTightens: no sed command line stops the reader of sed -i, and
// one it accepts edits files in place with substitutions and deletions
// only.
func FuzzSedTightens(f *testing.F) {
	f.Add("-i.bak\x00-e\x00s/^approval_policy *=.*/approval_policy = \"on-request\"/\x00cfg.toml")
	f.Add("-E\x00-i\x00s|^(sandbox_mode *= *).*|\\1\"read-only\"|g; /^network_access *= *true/d\x00cfg.toml")
	f.Add("-n\x00-i\x00s/a/b/p\x00x")
	f.Add("-i\x00\x00s/\\//")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		if !sedTightens(args) {
			return
		}
		in := false
		for _, a := range args {
			if a == "--" {
				break // files from here
			}
			if a == "-n" || a == "-z" || strings.HasPrefix(a, "-f") {
				t.Fatalf("accepted %q with an option that is not an in-place edit of lines", args)
			}
			in = in || strings.HasPrefix(a, "-i") || strings.HasPrefix(a, "--in-place") || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "i")
		}
		if !in {
			t.Fatalf("accepted %q without -i", args)
		}
	})
}
