package audit

import "testing"

// FuzzCredPathInPieces: no text stops the literal-list folder or the
// variable-joined credential path reader; folding keeps the text's
// length and lines, and a range returned lies inside the text.
func FuzzCredPathInPieces(f *testing.F) {
	for _, s := range []string{
		"const base = join(homedir(), '.config', 'gh');\nreadFileSync(join(base, ['hosts', 'yml'].join('.')));\n",
		"p = os.path.join(home, '.'.join(['hosts', 'yml']))\n", "[''].join('')", "'x'.join(('a',))", "b = 'x'\nb, '", "a := \"\"\na, \"\", \"\"",
		"[\"a\",'b',].join(\"\\\")", "base = '.aws'\nos.path.join(base, 'credentials')",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		folded := foldLiteralJoins(text)
		if len(folded) != len(text) {
			t.Fatalf("folding changed the length: %d -> %d", len(text), len(folded))
		}
		for i := range text {
			if (text[i] == '\n') != (folded[i] == '\n') {
				t.Fatalf("folding moved a line break at %d", i)
			}
		}
		if l, _ := joinedCredPath(text); l != nil && (l[0] < 0 || l[1] > len(text) || l[0] > l[1]) {
			t.Fatalf("range %v outside the text (%d bytes)", l, len(text))
		}
	})
}
