package gen

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// digest maps every file under root (relative path) to its SHA-256.
func digest(t *testing.T, root string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[rel] = sha256.Sum256(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDeterministic(t *testing.T) {
	gen := func(seed uint64) map[string][32]byte {
		dir := t.TempDir()
		if _, err := Generate(context.Background(), dir, Options{Skills: 50, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		return digest(t, dir)
	}
	a, b, c := gen(7), gen(7), gen(8)
	if len(a) != len(b) {
		t.Fatalf("same seed: %d files vs %d", len(a), len(b))
	}
	for p, h := range a {
		if b[p] != h {
			t.Errorf("same seed, different %s", p)
		}
	}
	same := 0
	for p, h := range a {
		if c[p] == h {
			same++
		}
	}
	if same > len(a)/10 {
		t.Errorf("different seeds share %d of %d files", same, len(a))
	}
	if q := Queries(3, 20); strings.Join(q, "|") != strings.Join(Queries(3, 20), "|") || len(q) != 20 {
		t.Errorf("queries not deterministic: %v", q)
	}
}

// TestShape checks the catalog looks like the corpus: every skill valid in
// lenient mode (top-level tags are a warning), descriptions of 20-80 words, at most 5 tags, SKILL.md sizes
// around the corpus's median and p90, one file of exactly 1 MiB.
func TestShape(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	cat, err := Generate(context.Background(), t.TempDir(), Options{Skills: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	reports, diags := index.ValidatePaths([]string{cat.Root}, skillmd.Lenient)
	if len(diags) > 0 || len(reports) != n {
		t.Fatalf("%d reports for %d skills, diagnostics %v", len(reports), n, diags)
	}
	names := map[string]bool{}
	for _, r := range reports {
		if !r.Valid {
			t.Errorf("%s invalid: %v", r.Path, r.Diagnostics)
		}
		names[r.Name] = true
	}
	if len(names) != n {
		t.Errorf("%d distinct names for %d skills", len(names), n)
	}
	var sizes []int
	refs := 0
	for _, s := range cat.Skills {
		data, err := os.ReadFile(filepath.Join(s.Dir, "SKILL.md"))
		if err != nil {
			t.Fatal(err)
		}
		if len(data) != s.Size {
			t.Errorf("%s: Size %d, file %d bytes", s.Name, s.Size, len(data))
		}
		sizes = append(sizes, s.Size)
		refs += len(s.Files)
		m, _, err := skillmd.Parse("SKILL.md", data, nil)
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if w := len(strings.Fields(m.Description)); w < 20 || w > 80 {
			t.Errorf("%s: description of %d words", s.Name, w)
		}
		if len(m.Tags) > 5 {
			t.Errorf("%s: %d tags", s.Name, len(m.Tags))
		}
		for _, f := range s.Files {
			if strings.HasPrefix(f, "references/") && !strings.Contains(string(data), "("+f+")") {
				t.Errorf("%s: %s is not linked from SKILL.md", s.Name, f)
			}
		}
	}
	if got := cat.Skills[cat.Huge]; got.Size != HugeSize || got.Name != HugeName {
		t.Errorf("huge skill: %s of %d bytes", got.Name, got.Size)
	}
	sort.Ints(sizes)
	median, p90 := sizes[len(sizes)/2], sizes[len(sizes)*9/10]
	if median < 3000 || median > 5500 || p90 < 9000 || p90 > 24000 {
		t.Errorf("SKILL.md sizes: median %d (corpus 3,969), p90 %d (corpus 14,552)", median, p90)
	}
	if refs == 0 {
		t.Error("no reference files")
	}
}

func TestGenerateCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, t.TempDir(), Options{Skills: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	if _, err := Generate(context.Background(), t.TempDir(), Options{}); err == nil {
		t.Error("0 skills: want an error")
	}
}
