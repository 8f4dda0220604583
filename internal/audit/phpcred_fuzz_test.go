package audit

import "testing"

// FuzzPHPCredHelpers: no text stops the PHP helper reader, the class
// link or the secret-variable reader, and a range returned lies inside
// the text.
func FuzzPHPCredHelpers(f *testing.F) {
	for _, s := range []string{
		"<?php\nfunction home(): string { return getenv('HOME'); }\n$p = home() . '/auth.json';\n",
		"<?php\nclass S { public static function composerHome() { return getenv('COMPOSER_HOME'); } }\n$f = S::composerHome() . '/auth.json';\n",
		"<?php\ndefine('H', getenv('HOME'));\nconst N = H . '/.netrc';\n", "function (", "function f( { ;", "function f() : x {", "const A = ;",
		"<?php\nforeach (['AWS_SESSION_TOKEN'] as $v) { getenv($v); }\n", "use A\\B\\C;\nC::x();", "'%1$s/.ssh'", "\"%s/.netrc\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		code := codeCommentsBlanked(text, "php")
		if len(code) != len(text) {
			t.Fatalf("blanking changed the length: %d -> %d", len(text), len(code))
		}
		h := phpHelpersOf(code, []linkedFile{{rel: "src/Sources.php", text: text}})
		h.homeCalled(code)
		if l := h.composerAuth(text, code); l != nil && (l[0] < 0 || l[1] > len(text) || l[0] > l[1]) {
			t.Fatalf("range %v outside the text (%d bytes)", l, len(text))
		}
		if m, _ := phpEnvSecretRead(code); m != nil && (m[0] < 0 || m[1] > len(text) || m[0] > m[1]) {
			t.Fatalf("range %v outside the text (%d bytes)", m, len(text))
		}
		phpUsesClass(text, "src/Sources.php")
		fmtCredPart(text)
	})
}
