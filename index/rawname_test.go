package index

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
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
	for _, n := range []string{"old", "v2", "future", "garbage", "moved", "fine"} {
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
	future[1] = 99 // the version, one uvarint byte after the magic byte
	v2, _ := json.Marshal(map[string]any{"v": 2, "rules": skillmd.RulesVersion, "id": "v2", "description": "A stale description."})
	elsewhere := lie("moved")
	elsewhere.ID = "elsewhere"
	moved, _ := encodeRecord(&elsewhere)
	must(t, st.Put(store.Entry{ID: "old", Meta: v1}, store.Entry{ID: "future", Meta: future},
		store.Entry{ID: "garbage", Meta: []byte("{not json")}, store.Entry{ID: "moved", Meta: moved},
		store.Entry{ID: "v2", Meta: v2}, store.Entry{ID: "cut", Meta: future[:len(future)/2]}))
	must(t, st.Close())

	c, err = Open(context.Background(), opts)
	must(t, err)
	defer c.Close()
	for _, n := range []string{"old", "v2", "future", "garbage", "moved", "fine"} {
		s, err := c.Resolve(n)
		if err != nil || s.Description != "The real description of "+n+"." {
			t.Errorf("%s: %q, %v; want the description on disk", n, s.Description, err)
		}
		meta, err := c.pair.st.Meta(n)
		must(t, err)
		if _, err := decodeRecord(n, meta, 1); err != nil {
			t.Errorf("%s: the stored record was not rewritten: %v", n, err)
		}
	}
	if s, err := c.Resolve("cut"); err == nil {
		t.Errorf("a truncated record with no folder is served: %+v", s)
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
// silently lose it. ShadowedBy is computed, never stored; folded is a
// cache.
func TestRecordHoldsEverySkillField(t *testing.T) {
	s := &Skill{ID: "a\xffb", Name: "n", Description: "d", Tags: []string{"t", ""}, Version: "1", Author: "au", License: "l",
		Compatibility: "c", AllowedTools: []string{"Read"}, Metadata: map[string]any{"k": "v\xff", "n": 2.5, "l": []any{"x", true, false, nil},
			"i": -7, "u": uint64(1 << 63), "m": map[string]any{"deep": map[string]any{}, "empty": []any{}}, "null": nil},
		DisableModelInvocation: true, UserInvocable: true, Root: 1, RootLabel: "project", Dir: "/r/a\xffb", RealDir: "/real/a\xffb",
		SkillFile: "SKILL.md", Rel: "a\xffb", Depth: 1, Files: []FileInfo{{Path: "x\xfe", Size: 3, ModTime: -4, Hash: "h"}, {Path: "y", Size: 1 << 40, ModTime: 1 << 62}},
		References:  []skillmd.Reference{{Target: "x%FE", Path: "x\xfe", Kind: "file", Status: "ok", Line: 3}},
		Diagnostics: []skillmd.Diagnostic{{Severity: skillmd.SeverityWarning, Code: "c", File: "/r/a\xffb/SKILL.md", Line: 2, Message: "m\xff", Fix: "f"}},
		Valid:       true, Hash: "abc"}
	// Every field of the sample is set, so a new field fails here until
	// the sample (and encodeRecord) hold it.
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		if name := v.Type().Field(i).Name; name != "ShadowedBy" && name != "folded" && v.Field(i).IsZero() {
			t.Errorf("Skill field %s is zero in the sample: set it, and store it in encodeRecord", name)
		}
	}
	data, err := encodeRecord(s)
	must(t, err)
	got, err := decodeRecord(s.ID, data, 2)
	must(t, err)
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	// A value of a type the parser does not make goes through JSON, and
	// comes back as encoding/json decodes it.
	odd := &Skill{ID: "o", Files: []FileInfo{}, Metadata: map[string]any{"n": int64(5), "t": []string{"a"}}}
	data, err = encodeRecord(odd)
	must(t, err)
	if got, err := decodeRecord("o", data, 1); err != nil || !reflect.DeepEqual(got.Metadata, map[string]any{"n": 5.0, "t": []any{"a"}}) {
		t.Errorf("odd metadata: %#v, %v", got, err)
	}
	// The zero-length forms come back as the parser makes them.
	empty := &Skill{ID: "e", Files: []FileInfo{}}
	data, err = encodeRecord(empty)
	must(t, err)
	if got, err := decodeRecord("e", data, 1); err != nil || !reflect.DeepEqual(got, empty) {
		t.Errorf("empty record: %+v, %v", got, err)
	}
	// Every cut of a record is refused, never a panic or a wrong skill.
	full, _ := encodeRecord(s)
	for n := range len(full) {
		if got, err := decodeRecord(s.ID, full[:n], 2); err == nil {
			t.Errorf("record cut to %d of %d bytes decoded: %+v", n, len(full), got)
		}
	}
	if _, err := decodeRecord(s.ID, append(full, 0), 2); err == nil {
		t.Error("a record with a byte past its end decoded")
	}
	if _, err := decodeRecord(s.ID, full, 1); err == nil {
		t.Error("a record naming root 1 of 1 decoded")
	}
}

// FuzzRecord: whatever bytes a damaged store hands back, decodeRecord
// returns an error or a skill, never panics, and a skill it returns
// survives its own round trip.
func FuzzRecord(f *testing.F) {
	s := &Skill{ID: "a", Name: "n", Description: "d", Tags: []string{"t"}, Dir: "/r/a", Files: []FileInfo{{Path: "SKILL.md", Size: 3}},
		Diagnostics: []skillmd.Diagnostic{{Code: "c"}}, References: []skillmd.Reference{{Target: "x"}},
		Metadata: map[string]any{"a": []any{1, "x", 2.5, map[string]any{"b": nil}}, "j": int64(3)}}
	data, _ := encodeRecord(s)
	f.Add(data)
	f.Add([]byte{recordMagic, recordVersion})
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decodeRecord("a", data, 1)
		if err != nil {
			return
		}
		again, err := encodeRecord(got)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeRecord("a", again, 1)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Errorf("%x decoded to %+v, which round-trips to %+v, %v", data, got, back, err)
		}
	})
}
