package store

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mappedRSS returns how many bytes of path's mappings are resident in this
// process (the Rss lines of /proc/self/smaps).
func mappedRSS(t *testing.T, path string) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var total int64
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		switch {
		case len(fs) == 0:
		case !strings.HasSuffix(fs[0], ":"): // a mapping's header line
			in = len(fs) >= 6 && fs[len(fs)-1] == path
		case in && fs[0] == "Rss:":
			kb, err := strconv.ParseInt(fs[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			total += kb << 10
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return total
}

// TestReadsReleaseMappedPages reads every record and every file of a store
// several times larger than releaseEvery and checks that the pages of the
// memory map left resident stay within releaseEvery (plus the fault-around
// of one read), and that every read still returns what was stored.
func TestReadsReleaseMappedPages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "skills.db")
	s := mustOpen(t, path, &Options{NoSync: true})
	const n, size = 2400, 16 << 10
	body := func(i int) string {
		line := fmt.Sprintf("line of skill %d\n", i)
		return strings.Repeat(line, size/len(line)+1)[:size]
	}
	// Several transactions, so records and files share pages as in a
	// catalog built in batches.
	for b := 0; b < n; b += 200 {
		var es []Entry
		for i := b; i < b+200; i++ {
			es = append(es, entry(fmt.Sprintf("s%05d", i), fmt.Sprintf(`{"name":"s%05d","pad":%q}`, i, strings.Repeat("m", 900)), "SKILL.md", body(i)))
		}
		if err := s.Put(es...); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() < 4*releaseEvery {
		t.Fatalf("store of %d bytes: too small to show anything", st.Size())
	}
	// The file's pages are in the page cache (just written): without the
	// release, each read maps them, and their neighbours, for good.
	s = mustOpen(t, path, &Options{})
	limit := int64(releaseEvery + 2*faultAround + size)
	seen := 0
	if err := s.ForEach(func(id string, meta []byte) error {
		if want := fmt.Sprintf(`"name":"%s"`, id); !strings.Contains(string(meta), want) {
			return fmt.Errorf("%s: meta %.40q", id, meta)
		}
		seen++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if seen != n {
		t.Fatalf("ForEach saw %d skills, want %d", seen, n)
	}
	if got := mappedRSS(t, path); got > limit {
		t.Errorf("after ForEach, %d bytes of the %d-byte store resident; want at most %d", got, st.Size(), limit)
	}
	for round := range 2 {
		for i := range n {
			got, err := s.File(fmt.Sprintf("s%05d", i), "SKILL.md")
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != body(i) {
				t.Fatalf("round %d: s%05d: wrong content", round, i)
			}
		}
		if got := mappedRSS(t, path); got > limit {
			t.Errorf("round %d: after reading every file, %d bytes of the %d-byte store resident; want at most %d", round, got, st.Size(), limit)
		}
	}
	if _, err := s.Count(); err != nil {
		t.Fatal(err)
	}
	if got := mappedRSS(t, path); got > limit {
		t.Errorf("after Count, %d bytes resident; want at most %d", got, limit)
	}
}
