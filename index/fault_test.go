package index

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// damage is one way a data dir file can be broken between two runs.
type damage struct {
	name string
	do   func(t *testing.T, dataDir string)
	// quiet: the damage may hit only unused pages (half of bleve's
	// root.bolt is often free), so a warning is not required.
	quiet bool
}

// overwriteMiddle writes junk over the middle of every file matched by glob:
// damage that an open-time check does not see.
func overwriteMiddle(glob string) func(*testing.T, string) {
	return func(t *testing.T, dd string) {
		files, _ := filepath.Glob(filepath.Join(dd, glob))
		if len(files) == 0 {
			t.Fatalf("no file matches %s", glob)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			must(t, err)
			copy(data[len(data)/4:], bytes.Repeat([]byte{0xA5}, len(data)/2))
			must(t, os.WriteFile(f, data, 0o600))
		}
	}
}

func truncateHalf(glob string) func(*testing.T, string) {
	return func(t *testing.T, dd string) {
		files, _ := filepath.Glob(filepath.Join(dd, glob))
		if len(files) == 0 {
			t.Fatalf("no file matches %s", glob)
		}
		for _, f := range files {
			st, err := os.Stat(f)
			must(t, err)
			must(t, os.Truncate(f, st.Size()/2))
		}
	}
}

// TestCorruptDataDir damages the store or the search index between two
// runs in each way a disk or a careless user can; the next Open detects it,
// logs a warning, rebuilds from the skill folders, and serves everything.
func TestCorruptDataDir(t *testing.T) {
	cases := []damage{
		{"store truncated", truncateHalf("skills.db"), false},
		{"store emptied", func(t *testing.T, dd string) { must(t, os.Truncate(filepath.Join(dd, "skills.db"), 0)) }, false},
		{"store overwritten inside", overwriteMiddle("skills.db"), false},
		{"index segments truncated", truncateHalf("search.bleve/store/*.zap"), false},
		{"index segments overwritten inside", overwriteMiddle("search.bleve/store/*.zap"), false},
		{"index root truncated", truncateHalf("search.bleve/store/root.bolt"), true},
		{"index mapping removed", func(t *testing.T, dd string) {
			must(t, os.Remove(filepath.Join(dd, "search.bleve", "index_meta.json")))
		}, false},
		{"index folder replaced by a file", func(t *testing.T, dd string) {
			must(t, os.RemoveAll(filepath.Join(dd, "search.bleve")))
			must(t, os.WriteFile(filepath.Join(dd, "search.bleve"), []byte("x"), 0o600))
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root, data := t.TempDir(), t.TempDir()
			const n = 300
			for i := 0; i < n; i++ {
				name := "skill-" + string(rune('a'+i%26)) + "-" + strings.Repeat("x", i%7) + "-" + strconv.Itoa(i)
				writeFile(t, filepath.Join(root, name, "SKILL.md"), skillMD(name, "Reconciles ledgers number "+strconv.Itoa(i)+" for invoices.", strings.Repeat("Body text about ledgers. ", 40)))
			}
			ctx := context.Background()
			c, err := Open(ctx, &Options{Roots: []Root{{Path: root}}, DataDir: data})
			must(t, err)
			dd := c.DataDir()
			must(t, c.Close())
			tc.do(t, dd)

			var logs bytes.Buffer
			c, err = Open(ctx, &Options{Roots: []Root{{Path: root}}, DataDir: data, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			if err != nil {
				t.Fatalf("open after damage: %v", err)
			}
			defer c.Close()
			if got := c.Len(); got != n {
				t.Errorf("%d skills served after damage, want %d", got, n)
			}
			res, err := c.Search(ctx, SearchRequest{Query: "ledgers invoices", Limit: 1000})
			if err != nil || res.Total != n {
				t.Errorf("search after damage: %v, %d hits, want %d", err, res.Total, n)
			}
			l, err := c.Load(ctx, "skill-c-xx-2")
			if err != nil || !strings.Contains(l.Content, "number 2 ") {
				t.Errorf("load after damage: %v", err)
			}
			if !tc.quiet && !strings.Contains(logs.String(), "level=WARN") {
				t.Errorf("no warning logged for the damage:\n%.2000s", logs.String())
			}
		})
	}
}
