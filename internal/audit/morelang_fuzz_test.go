package audit

import (
	"strings"
	"testing"
)

// FuzzLispAndJoinRewrites: the rewrites that let scanHomeWipe read Emacs
// Lisp, Nim, Crystal, Haskell and Tcl (elispCommentsBlanked,
// elispRemovalCalls, elispPaths, slashJoinLit, haskellJoinLit,
// tclJoinLit) never panic and keep the text's lines, so a finding's line
// is the line of the file.
func FuzzLispAndJoinRewrites(f *testing.F) {
	for _, s := range []string{
		"(let ((home (getenv \"HOME\")))\n  (delete-directory (expand-file-name \".ssh\" home) t))",
		"(f-delete \"~/x\" t)\n; (delete-directory \"~\" t)\n(delete-file ?\\; \"a\\\"b\")",
		"(delete-directory (concat ~ \"/.gnupg\"",
		"removeDir(~ / \".ssh\" / \"id\")",
		"removeDirectoryRecursive (~ </> \".gnupg\")",
		"file delete -force [file join ~ .ssh \"x y\"]",
		"#'(lambda) \"unterminated",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n")
		for name, fn := range map[string]func(string) string{
			"comments": elispCommentsBlanked, "removals": elispRemovalCalls, "paths": elispPaths,
			"slash": slashJoinLit, "haskell": haskellJoinLit, "tcl": tclJoinLit,
		} {
			if got := strings.Count(fn(s), "\n"); got != lines {
				t.Fatalf("%s: %d lines, want %d, for %q", name, got, lines, s)
			}
		}
		if c := elispCommentsBlanked(s); len(c) != len(s) {
			t.Fatalf("comments: length %d, want %d", len(c), len(s))
		}
	})
}
