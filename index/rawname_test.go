package index

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/store"
)

// TestFolderNameNotUTF8 is issue 14 B3: a skill folder whose name is not
// valid UTF-8 (any bytes but "/" and NUL are a valid Linux file name) must
// survive the round trip through the data dir: the second open serves it,
// under the same id, from the same folder.
func TestFolderNameNotUTF8(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	for i := range 8 {
		name := fmt.Sprintf("skill-%d", i)
		writeFile(t, filepath.Join(root, name, "SKILL.md"), skillMD(name, "Skill number "+name+".", "body"))
	}
	bad := "bad\xffname"
	writeFile(t, filepath.Join(root, bad, "SKILL.md"), skillMD("bad-name", "A skill in a folder whose name is not UTF-8.", "the body"))
	writeFile(t, filepath.Join(root, bad, "references", "r\xfe.md"), "a reference")
	data := filepath.Join(base, "data")
	for run := range 2 {
		c, err := Open(context.Background(), &Options{Roots: []Root{{Path: root}}, DataDir: data})
		if err != nil {
			t.Fatalf("open %d: %v", run, err)
		}
		if got := c.Len(); got != 9 {
			t.Errorf("open %d: %d skills served, want 9", run, got)
		}
		s, err := c.Resolve(bad)
		if err != nil {
			t.Fatalf("open %d: resolve by id: %v", run, err)
		}
		if s.ID != bad || s.Dir != filepath.Join(root, bad) {
			t.Errorf("open %d: id %q dir %q; want %q in %q", run, s.ID, s.Dir, bad, root)
		}
		if n, err := c.Resolve("bad-name"); err != nil || n.ID != bad {
			t.Errorf("open %d: resolve by name: %q, %v", run, n.ID, err)
		}
		l, err := c.Load(context.Background(), "bad-name")
		if err != nil || l.Body == "" || !slices.Contains(l.Files, "references/r\xfe.md") {
			t.Errorf("open %d: load: %v, files %q", run, err, l.Files)
		}
		f, err := c.ReadFile(context.Background(), bad, "references/r\xfe.md")
		if err != nil || f.Content != "a reference" {
			t.Errorf("open %d: read_file: %v", run, err)
		}
		res, err := c.Search(context.Background(), SearchRequest{Query: "UTF-8 folder"})
		if err != nil || len(res.Hits) == 0 || res.Hits[0].ID != bad {
			t.Errorf("open %d: search: %v %+v", run, err, res)
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOldRecordsRederived is issue 13's "a stored record from an older
// record version is re-derived on open": records written by version 1 (the
// public Skill as JSON), records of an unknown later version, damaged
// records and records stored under another id are never served; the first
// refresh reads those skills from their folders again and stores current
// records.
func TestOldRecordsRederived(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	for _, n := range []string{"old", "future", "garbage", "moved", "fine"} {
		writeFile(t, filepath.Join(root, n, "SKILL.md"), skillMD(n, "The real description of "+n+".", "body"))
	}
	opts := &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")}
	c, err := Open(context.Background(), opts)
	must(t, err)
	dir := c.DataDir()
	must(t, c.Close())

	st, err := store.Open(filepath.Join(dir, storeFile), nil)
	must(t, err)
	// Each lie keeps the record's fingerprints: only its version (or
	// damage) can tell the catalog to read the folder again.
	lie := func(id string) Skill {
		meta, err := st.Meta(id)
		must(t, err)
		s, err := decodeRecord(id, meta, 1)
		must(t, err)
		s.Description = "A stale description."
		return *s
	}
	v1, _ := json.Marshal(lie("old")) // version 1: the public type, no "v"
	future, _ := encodeRecord(ptr(lie("future")))
	future = bytes.Replace(future, []byte(`"v":2`), []byte(`"v":99`), 1)
	elsewhere := lie("moved")
	elsewhere.ID = "elsewhere"
	moved, _ := encodeRecord(&elsewhere)
	must(t, st.Put(store.Entry{ID: "old", Meta: v1}, store.Entry{ID: "future", Meta: future},
		store.Entry{ID: "garbage", Meta: []byte("{not json")}, store.Entry{ID: "moved", Meta: moved}))
	must(t, st.Close())

	c, err = Open(context.Background(), opts)
	must(t, err)
	defer c.Close()
	for _, n := range []string{"old", "future", "garbage", "moved", "fine"} {
		s, err := c.Resolve(n)
		if err != nil || s.Description != "The real description of "+n+"." {
			t.Errorf("%s: %q, %v; want the description on disk", n, s.Description, err)
		}
		meta, err := c.st.Meta(n)
		must(t, err)
		if _, err := decodeRecord(n, meta, 1); err != nil {
			t.Errorf("%s: the stored record was not rewritten: %v", n, err)
		}
	}
	if res, err := c.Search(context.Background(), SearchRequest{Query: "stale"}); err != nil || len(res.Hits) != 0 {
		t.Errorf("search still finds the old records' text: %+v, %v", res, err)
	}
}

func ptr[T any](v T) *T { return &v }

// TestRawStringRoundTrip: every byte string survives a record.
func TestRawStringRoundTrip(t *testing.T) {
	for _, v := range []string{"", "plain", "bad\xffname", "\xc3", "é", `quote " back \ slash`, "<&>", "\x01\x7f", "{\"b64\":\"x\"}"} {
		data, err := json.Marshal(rawString(v))
		must(t, err)
		var got rawString
		if err := json.Unmarshal(data, &got); err != nil || string(got) != v {
			t.Errorf("%q -> %s -> %q, %v", v, data, got, err)
		}
	}
}

// TestRecordHoldsEverySkillField: a field added to Skill must be added to
// the stored record (and recordVersion considered), or a warm start would
// silently lose it. ShadowedBy is computed, never stored.
func TestRecordHoldsEverySkillField(t *testing.T) {
	tags := func(v any) map[string]bool {
		out := map[string]bool{}
		ty := reflect.TypeOf(v)
		for i := range ty.NumField() {
			if tag, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ","); tag != "" && tag != "-" {
				out[tag] = true
			}
		}
		return out
	}
	rec := tags(record{})
	for tag := range tags(Skill{}) {
		if !rec[tag] && tag != "shadowed_by" {
			t.Errorf("Skill field %q is not in the stored record", tag)
		}
	}
	// And a full record round-trips.
	s := &Skill{ID: "a\xffb", Name: "n", Description: "d", Tags: []string{"t"}, Version: "1", Author: "au", License: "l",
		Compatibility: "c", AllowedTools: []string{"Read"}, Metadata: map[string]any{"k": "v"}, DisableModelInvocation: true,
		UserInvocable: true, Root: 0, RootLabel: "project", Dir: "/r/a\xffb", RealDir: "/real/a\xffb", SkillFile: "SKILL.md",
		Rel: "a\xffb", Depth: 1, Files: []FileInfo{{Path: "x\xfe", Size: 3, ModTime: 4, Hash: "h"}},
		References:  []skillmd.Reference{{Target: "x%FE", Path: "x\xfe", Kind: "file", Status: "ok", Line: 3}},
		Diagnostics: []skillmd.Diagnostic{{Severity: skillmd.SeverityWarning, Code: "c", File: "/r/a\xffb/SKILL.md", Line: 2, Message: "m\xff", Fix: "f"}},
		Valid:       true, Hash: "abc"}
	data, err := encodeRecord(s)
	must(t, err)
	got, err := decodeRecord(s.ID, data, 1)
	must(t, err)
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
}
