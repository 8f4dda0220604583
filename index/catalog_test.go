package index

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/search"
)

// writeSkill writes dir/SKILL.md (file name given) with a frontmatter.
func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func skillMD(name, desc, body string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n---\n\n" + body
}

func open(t testing.TB, opts *Options) *Catalog {
	t.Helper()
	c, err := Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// The harness check, after every test of an opened catalog: the
		// store, the search index and memory agree.
		if err := c.check(); err != nil && !t.Failed() {
			t.Errorf("catalog invariants after the test:\n%v", err)
		}
		c.Close()
	})
	return c
}

func ids(skills []Skill) []string {
	var out []string
	for _, s := range skills {
		out = append(out, s.ID)
	}
	return out
}

func TestDiscovery(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", "body"))
	writeFile(t, filepath.Join(root, "lower", "skill.md"), skillMD("lower", "Lower-case file name.", ""))
	writeFile(t, filepath.Join(root, "upper", "SKILL.MD"), skillMD("upper", "Upper-case file name.", ""))
	writeFile(t, filepath.Join(root, "a", "nested", "SKILL.md"), skillMD("nested", "A skill inside a skill.", ""))
	writeFile(t, filepath.Join(root, "a", "references", "r.md"), "ref")
	writeFile(t, filepath.Join(root, ".hidden", "h", "SKILL.md"), skillMD("h", "Hidden folders are walked (.curated, .system).", ""))
	writeFile(t, filepath.Join(root, "node_modules", "x", "SKILL.md"), skillMD("x", "Never walked.", ""))
	writeFile(t, filepath.Join(root, ".git", "y", "SKILL.md"), skillMD("y", "Never walked.", ""))
	writeFile(t, filepath.Join(root, "d1", "d2", "d3", "deep", "SKILL.md"), skillMD("deep", "Too deep for max depth 3.", ""))
	// A link to a folder already walked is indexed once; a link to an
	// ancestor is a cycle.
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "z-link-to-a")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(root, "a", "loop")); err != nil {
		t.Fatal(err)
	}
	c := open(t, &Options{Roots: []Root{{Path: root}, {Path: filepath.Join(root, "missing")}}, MaxDepth: 3})
	got := ids(c.List(ListOptions{}))
	sort.Strings(got)
	want := ".hidden/h,a,a/nested,lower,upper"
	if strings.Join(got, ",") != want {
		t.Errorf("ids = %v, want %s", got, want)
	}
	s, err := c.Resolve("a")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range s.Files {
		files = append(files, f.Path)
	}
	if strings.Join(files, ",") != "SKILL.md,references/r.md" {
		t.Errorf("files of a = %v (nested skill's files and links must not be listed)", files)
	}
	var codes []string
	for _, d := range c.Diagnostics() {
		codes = append(codes, d.Code)
	}
	for _, want := range []string{"depth-limit", "symlink-cycle"} {
		if !strings.Contains(strings.Join(codes, ","), want) {
			t.Errorf("diagnostics %v lack %s", codes, want)
		}
	}
}

func TestShadowing(t *testing.T) {
	hi, lo := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(hi, "git", "SKILL.md"), skillMD("git", "Project git skill.", ""))
	writeFile(t, filepath.Join(lo, "git", "SKILL.md"), skillMD("Git", "Global git skill.", ""))
	writeFile(t, filepath.Join(lo, "deeper", "git", "SKILL.md"), skillMD("git", "Deeper copy.", ""))
	c := open(t, &Options{Roots: []Root{{Path: hi, Label: "project"}, {Path: lo, Label: "global"}}})
	s, err := c.Resolve("GIT")
	if err != nil {
		t.Fatal(err)
	}
	if s.Description != "Project git skill." || s.RootLabel != "project" {
		t.Errorf("the higher-priority root must win: got %+v", s)
	}
	all := c.List(ListOptions{IncludeShadowed: true})
	if len(all) != 3 {
		t.Fatalf("want 3 skills with shadowed ones, got %v", ids(all))
	}
	for _, s := range all {
		if s.ID != "git" && s.ShadowedBy != "git" {
			t.Errorf("%s should be shadowed by git, got %q", s.ID, s.ShadowedBy)
		}
	}
	// The same relative path in the lower root gets a prefixed id and
	// stays loadable by it.
	if _, err := c.Load(context.Background(), "2:git"); err != nil {
		t.Errorf("shadowed skill must load by id: %v", err)
	}
	if n := len(c.List(ListOptions{})); n != 1 {
		t.Errorf("List without shadowed: want 1, got %d", n)
	}
}

func TestModes(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "template", "SKILL.md"), skillMD("skill-template", "Name differs from folder.", ""))
	writeFile(t, filepath.Join(root, "noname", "SKILL.md"), "---\ndescription: No name.\n---\n")
	writeFile(t, filepath.Join(root, "nofront", "SKILL.md"), "# Just markdown\n")
	writeFile(t, filepath.Join(root, "badyaml", "SKILL.md"), "---\nname: [unclosed\ndescription: x\n---\n")
	for _, tc := range []struct {
		mode     skillmd.Mode
		template bool
	}{{skillmd.Lenient, true}, {skillmd.Strict, false}} {
		c := open(t, &Options{Roots: []Root{{Path: root}}, Mode: tc.mode})
		_, err := c.Load(context.Background(), "template")
		if (err == nil) != tc.template {
			t.Errorf("mode %d: load template err = %v", tc.mode, err)
		}
		for _, bad := range []string{"noname", "nofront", "badyaml"} {
			_, err := c.Resolve(bad)
			var inv *InvalidSkillError
			if !errors.As(err, &inv) || len(inv.Errors()) == 0 {
				t.Errorf("mode %d: %s: want *InvalidSkillError with errors, got %v", tc.mode, bad, err)
			}
		}
	}
}

func TestNotFoundSuggests(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "pdf-forms", "SKILL.md"), skillMD("pdf-forms", "PDF.", ""))
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	for _, tc := range []struct {
		ref  string
		want error
	}{
		{"pdf-form", ErrNotFound},
		{"", ErrBadName},
		{strings.Repeat("a", 10240), ErrBadName},
		{"a\x00b", ErrBadName},
		{"../../etc/passwd", ErrNotFound},
	} {
		_, err := c.Load(context.Background(), tc.ref)
		if !errors.Is(err, tc.want) {
			t.Errorf("Load(%.20q) = %v, want %v", tc.ref, err, tc.want)
		}
	}
	_, err := c.Resolve("pdf-form")
	var nf *NotFoundError
	if !errors.As(err, &nf) || len(nf.Suggestions) == 0 || nf.Suggestions[0] != "pdf-forms" || nf.Total != 1 {
		t.Errorf("want a suggestion of pdf-forms, got %v", err)
	}
}

func TestReadFileBoundaries(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "canary.txt"), "CANARY")
	dir := filepath.Join(root, "s")
	writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("s", "Skill s.", "See [ref](references/Guide.md)."))
	writeFile(t, filepath.Join(dir, "references", "Guide.md"), "guide")
	writeFile(t, filepath.Join(dir, "bin.dat"), "a\x00b")
	writeFile(t, filepath.Join(dir, "big.txt"), strings.Repeat("x", MaxFileSize+1))
	writeFile(t, filepath.Join(root, "other", "SKILL.md"), skillMD("other", "Other.", ""))
	must(t, os.Symlink(filepath.Join(outside, "canary.txt"), filepath.Join(dir, "link.txt")))
	must(t, os.Symlink(filepath.Join(root, "other", "SKILL.md"), filepath.Join(dir, "sibling.md")))
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	ctx := context.Background()
	f, err := c.ReadFile(ctx, "s", "references/guide.md")
	if err != nil || f.Content != "guide" || f.Path != "references/Guide.md" {
		t.Errorf("case-insensitive fallback: %+v, %v", f, err)
	}
	for _, tc := range []struct {
		path string
		want error
	}{
		{"../other/SKILL.md", ErrOutside},
		{"/etc/passwd", ErrOutside},
		{"~/x", ErrOutside},
		{`..\other\SKILL.md`, ErrOutside},
		{"references/../../other/SKILL.md", ErrOutside},
		{"a\x00b", ErrOutside},
		{"link.txt", ErrFileNotFound},
		{"sibling.md", ErrFileNotFound},
		{"%2e%2e/other/SKILL.md", ErrFileNotFound},
		{"", ErrFileNotFound},
		{".", ErrFileNotFound},
		{"bin.dat", ErrBinary},
		{"big.txt", ErrTooLarge},
	} {
		f, err := c.ReadFile(ctx, "s", tc.path)
		if !errors.Is(err, tc.want) {
			t.Errorf("ReadFile(%q) = %v, want %v", tc.path, err, tc.want)
		}
		if f != nil && strings.Contains(f.Content, "CANARY") {
			t.Errorf("ReadFile(%q) leaked the canary", tc.path)
		}
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestNeverStale edits files behind the catalog's back (no watcher, no
// refresh) and checks load and read_file serve what is on disk now.
func TestNeverStale(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "s")
	writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("s", "First.", "v1"))
	writeFile(t, filepath.Join(dir, "ref.md"), "r1")
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	ctx := context.Background()
	time.Sleep(10 * time.Millisecond) // distinct mtimes on coarse filesystems
	writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("s", "Second.", "v2 longer"))
	writeFile(t, filepath.Join(dir, "ref.md"), "r2 longer")
	l, err := c.Load(ctx, "s")
	if err != nil || !strings.Contains(l.Content, "v2") || l.Skill.Description != "Second." {
		t.Errorf("load after edit: %+v %v", l, err)
	}
	f, err := c.ReadFile(ctx, "s", "ref.md")
	if err != nil || f.Content != "r2 longer" {
		t.Errorf("read after edit: %+v %v", f, err)
	}
	writeFile(t, filepath.Join(dir, "new.md"), "new")
	if f, err := c.ReadFile(ctx, "s", "new.md"); err != nil || f.Content != "new" {
		t.Errorf("read of a file added after indexing: %+v %v", f, err)
	}
	must(t, os.RemoveAll(dir))
	if _, err := c.Load(ctx, "s"); !errors.Is(err, ErrNotFound) {
		t.Errorf("load after delete: want ErrNotFound, got %v", err)
	}
}

// TestWarmStartAndRepair reopens a data dir: nothing is re-parsed; a
// search index that lost documents (as after a crash between the two
// writes) is repaired from the store; a corrupt store is rebuilt.
func TestWarmStartAndRepair(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	for _, n := range []string{"alpha", "beta", "gamma"} {
		writeFile(t, filepath.Join(root, n, "SKILL.md"), skillMD(n, "Skill "+n+" handles "+n+" tasks.", ""))
	}
	opts := func() *Options { return &Options{Roots: []Root{{Path: root}}, DataDir: data} }
	ctx := context.Background()
	c, err := Open(ctx, opts())
	must(t, err)
	dd := c.DataDir()
	must(t, c.Close())

	c, err = Open(ctx, opts())
	must(t, err)
	st, err := c.Refresh(ctx)
	must(t, err)
	if st.Parsed != 0 || st.Unchanged != 3 {
		t.Errorf("warm refresh: %+v", st)
	}
	// Simulate a crash after the store write but before the index write.
	must(t, c.pair.ix.Delete("beta"))
	must(t, c.Close())
	c, err = Open(ctx, opts())
	must(t, err)
	res, err := c.Search(ctx, SearchRequest{Query: "beta"})
	must(t, err)
	if len(res.Hits) == 0 || res.Hits[0].ID != "beta" {
		t.Errorf("index not repaired: %+v", res.Hits)
	}
	must(t, c.Close())

	// Corrupt both files: the next open rebuilds from the folders.
	must(t, os.WriteFile(filepath.Join(dd, "skills.db"), []byte("garbage garbage garbage"), 0o600))
	must(t, os.RemoveAll(filepath.Join(dd, "search.bleve")))
	must(t, os.WriteFile(filepath.Join(dd, "search.bleve"), []byte("not a folder"), 0o600))
	c, err = Open(ctx, opts())
	must(t, err)
	defer c.Close()
	if n := c.Len(); n != 3 {
		t.Errorf("after rebuild: %d skills, want 3", n)
	}
	if _, err := c.Search(ctx, SearchRequest{Query: "gamma"}); err != nil {
		t.Error(err)
	}
}

func TestSearchFiltersRemoved(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms.", ""))
	writeFile(t, filepath.Join(root, "csv", "SKILL.md"), skillMD("csv", "Summarize CSV files.", ""))
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	ctx := context.Background()
	if _, err := c.Search(ctx, SearchRequest{Query: "  "}); !errors.Is(err, search.ErrEmptyQuery) {
		t.Errorf("empty query: %v", err)
	}
	must(t, os.RemoveAll(filepath.Join(root, "pdf")))
	_, err := c.Refresh(ctx)
	must(t, err)
	res, err := c.Search(ctx, SearchRequest{Query: "pdf forms"})
	must(t, err)
	for _, h := range res.Hits {
		if h.ID == "pdf" {
			t.Error("removed skill still found")
		}
	}
}

func TestValidatePaths(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "good", "SKILL.md"), skillMD("good", "Good.", ""))
	writeFile(t, filepath.Join(root, "Bad_Name", "SKILL.md"), skillMD("Bad_Name", "Bad.", ""))
	reports, diags := ValidatePaths([]string{root, filepath.Join(root, "good", "SKILL.md"), filepath.Join(root, "nope")}, skillmd.Strict)
	valid := map[string]bool{}
	for _, r := range reports {
		valid[filepath.Base(filepath.Dir(r.Path))] = r.Valid
	}
	if !valid["good"] || valid["Bad_Name"] {
		t.Errorf("strict: %v", valid)
	}
	if len(diags) == 0 || diags[0].Code != "no-such-path" {
		t.Errorf("missing path must be reported: %v", diags)
	}
}
