package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorsNameNoFrontEnd: the catalog's error texts name no MCP tool and
// no CLI command or flag; front-ends render their own hints from the
// errors' fields (issue 13).
func TestErrorsNameNoFrontEnd(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "pdf", "SKILL.md"), skillMD("pdf", "PDF forms.", "body"))
	writeFile(t, filepath.Join(root, "pdf", "forms.md"), "forms")
	writeFile(t, filepath.Join(root, "pdf", "blob.bin"), "a\x00b")
	big := make([]byte, MaxFileSize+1)
	must(t, os.WriteFile(filepath.Join(root, "pdf", "big.md"), big, 0o644))
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	ctx := context.Background()
	var errs []error
	_, err := c.Resolve("pdff")
	errs = append(errs, err)
	_, err = c.Resolve("zzzzzzzz")
	errs = append(errs, err)
	_, err = c.Resolve("  ")
	errs = append(errs, err)
	for _, rel := range []string{"form.md", "blob.bin", "big.md", "../x", "/etc/passwd"} {
		_, err = c.ReadFile(ctx, "pdf", rel)
		errs = append(errs, err)
	}
	for _, err := range errs {
		if err == nil {
			t.Fatal("an expected error is missing")
		}
		for _, word := range []string{"search_skills", "list_skills", "load_skill", "read_file", "read_skill_file", "skilldex ", "--"} {
			if strings.Contains(err.Error(), word) {
				t.Errorf("error names a front-end (%q): %v", word, err)
			}
		}
	}
}

func TestFoldAndSlug(t *testing.T) {
	if Fold("  PDF ") != "pdf" || Fold("Cafe\u0301") != Fold("café") {
		t.Error("Fold does not fold case, spaces and normalisation")
	}
	for in, want := range map[string][2]string{
		"PDF Forms!":              {"pdf-forms", "pdf-forms"},
		"Écrire des tests":        {"écrire-des-tests", "crire-des-tests"},
		"--":                      {"my-skill", "my-skill"},
		"日本語 skill":               {"日本語-skill", "skill"},
		strings.Repeat("ab ", 40): {strings.TrimRight(strings.Repeat("ab-", 22)[:64], "-"), strings.TrimRight(strings.Repeat("ab-", 22)[:64], "-")},
	} {
		if got := Slug(in, false); got != want[0] {
			t.Errorf("Slug(%q, false) = %q, want %q", in, got, want[0])
		}
		if got := Slug(in, true); got != want[1] {
			t.Errorf("Slug(%q, true) = %q, want %q", in, got, want[1])
		}
	}
}
