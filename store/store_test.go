package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// kind is one backend the shared tests run against.
type kind struct {
	name string
	open func(t testing.TB) *Store
}

var kinds = []kind{
	{"bolt", func(t testing.TB) *Store {
		s, err := Open(filepath.Join(t.TempDir(), "sub", "dir", "store.db"), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}},
	{"mem", func(t testing.TB) *Store {
		s, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}},
}

// skill is the expected content of one skill.
type skill struct {
	meta  string
	files map[string]string
}

func entry(id, meta string, files ...string) Entry {
	e := Entry{ID: id, Meta: []byte(meta)}
	if len(files) > 0 {
		e.Files = map[string][]byte{}
		for i := 0; i+1 < len(files); i += 2 {
			e.Files[files[i]] = []byte(files[i+1])
		}
	}
	return e
}

// op is one write in a scenario, with the error it must give (nil, or a
// substring of the message).
type op struct {
	put     []Entry
	del     []string
	state   [2]string // key, value; key "" means none
	nilVal  bool      // SetState with a nil value
	wantErr string
}

func (o op) apply(s *Store) error {
	switch {
	case o.put != nil:
		return s.Put(o.put...)
	case o.del != nil:
		return s.Delete(o.del...)
	case o.state[0] != "":
		if o.nilVal {
			return s.SetState(o.state[0], nil)
		}
		return s.SetState(o.state[0], []byte(o.state[1]))
	}
	return nil
}

var big = func() []Entry {
	var es []Entry
	for i := 2999; i >= 0; i-- { // reverse order: Put must sort
		es = append(es, entry(fmt.Sprintf("bulk/%05d", i), fmt.Sprintf(`{"n":%d}`, i), "SKILL.md", fmt.Sprint("body ", i), "ref/a.md", "a"))
	}
	return es
}()

func bigWant() map[string]skill {
	w := map[string]skill{}
	for i := range 3000 {
		w[fmt.Sprintf("bulk/%05d", i)] = skill{fmt.Sprintf(`{"n":%d}`, i), map[string]string{"SKILL.md": fmt.Sprint("body ", i), "ref/a.md": "a"}}
	}
	return w
}

// roundTrips is the one table both backends run.
var roundTrips = []struct {
	name   string
	ops    []op
	want   map[string]skill
	state  map[string]string
	absent []string
}{
	{name: "empty", want: map[string]skill{}, absent: []string{"x", "a/b"}},
	{
		name: "one skill",
		ops:  []op{{put: []Entry{entry("0/anthropics__skills/skills/pdf", `{"name":"pdf"}`, "SKILL.md", "# PDF", "scripts/fill.py", "print(1)")}}},
		want: map[string]skill{"0/anthropics__skills/skills/pdf": {`{"name":"pdf"}`, map[string]string{"SKILL.md": "# PDF", "scripts/fill.py": "print(1)"}}},
	},
	{
		name: "empty meta, empty file, no files",
		ops:  []op{{put: []Entry{{ID: "a"}, entry("b", "", "empty.txt", "")}}},
		want: map[string]skill{"a": {"", nil}, "b": {"", map[string]string{"empty.txt": ""}}},
	},
	{
		name: "put replaces all files",
		ops: []op{
			{put: []Entry{entry("a", "v1", "SKILL.md", "one", "old.md", "old", "keep.md", "k1")}},
			{put: []Entry{entry("a", "v2", "SKILL.md", "two", "keep.md", "k2", "new/n.md", "n")}},
		},
		want: map[string]skill{"a": {"v2", map[string]string{"SKILL.md": "two", "keep.md": "k2", "new/n.md": "n"}}},
	},
	{
		name: "nil files removes them",
		ops: []op{
			{put: []Entry{entry("a", "v1", "SKILL.md", "one"), entry("b", "b", "x", "y")}},
			{put: []Entry{{ID: "a", Meta: []byte("v2")}}},
		},
		want: map[string]skill{"a": {"v2", nil}, "b": {"b", map[string]string{"x": "y"}}},
	},
	{
		name: "duplicate id in one put: last wins",
		ops:  []op{{put: []Entry{entry("a", "first", "1", "1"), entry("b", "b"), entry("a", "second", "2", "2")}}},
		want: map[string]skill{"a": {"second", map[string]string{"2": "2"}}, "b": {"b", nil}},
	},
	{
		name: "delete",
		ops: []op{
			{put: []Entry{entry("a", "a", "f", "1"), entry("b", "b", "f", "2", "g", "3"), entry("c", "c", "f", "4")}},
			{del: []string{"b", "unknown", ""}},
		},
		want:   map[string]skill{"a": {"a", map[string]string{"f": "1"}}, "c": {"c", map[string]string{"f": "4"}}},
		absent: []string{"b", "unknown"},
	},
	{
		name: "delete then put again",
		ops: []op{
			{put: []Entry{entry("a", "a", "f", "1")}},
			{del: []string{"a"}},
			{put: []Entry{entry("a", "again", "g", "2")}},
		},
		want: map[string]skill{"a": {"again", map[string]string{"g": "2"}}},
	},
	{
		name: "ids that prefix each other keep their own files",
		ops: []op{
			{put: []Entry{entry("a", "a", "SKILL.md", "a"), entry("a/b", "ab", "SKILL.md", "ab"), entry("a b", "a b", "x", "x"), entry("ab", "ab2", "y", "y")}},
			{put: []Entry{entry("a", "a2")}},
			{del: []string{"a b"}},
		},
		want:   map[string]skill{"a": {"a2", nil}, "a/b": {"ab", map[string]string{"SKILL.md": "ab"}}, "ab": {"ab2", map[string]string{"y": "y"}}},
		absent: []string{"a b"},
	},
	{
		name: "for each order is bytewise",
		ops:  []op{{put: []Entry{entry("zeta", "z"), entry("Zeta", "Z"), entry("été", "e"), entry("1:pdf", "1"), entry("pdf~2", "p"), entry("a/b/c", "c"), entry("a", "a")}}},
		want: map[string]skill{"zeta": {"z", nil}, "Zeta": {"Z", nil}, "été": {"e", nil}, "1:pdf": {"1", nil}, "pdf~2": {"p", nil}, "a/b/c": {"c", nil}, "a": {"a", nil}},
	},
	{
		name: "ids and paths that are not UTF-8 round-trip byte for byte",
		ops:  []op{{put: []Entry{entry("bad\xffname", "m", "r\xfe.md", "r", "SKILL.md", "s"), entry("bad\xfename", "n")}}},
		want: map[string]skill{"bad\xffname": {"m", map[string]string{"r\xfe.md": "r", "SKILL.md": "s"}}, "bad\xfename": {"n", nil}},
	},
	{
		name: "invalid entry fails the whole put",
		ops: []op{
			{put: []Entry{entry("keep", "old", "f", "old")}},
			{put: []Entry{entry("keep", "new", "f", "new"), entry("", "x"), entry("other", "o")}, wantErr: "empty skill id"},
		},
		want:   map[string]skill{"keep": {"old", map[string]string{"f": "old"}}},
		absent: []string{"other"},
	},
	{
		name: "invalid ids and paths",
		ops: []op{
			{put: []Entry{entry("a\x00b", "x")}, wantErr: "NUL"},
			{put: []Entry{entry("a", "x", "../up", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry("a", "x", "/abs", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry("a", "x", "a//b", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry("a", "x", "dir/", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry("a", "x", ".", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry("a", "x", "", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry("a", "x", "n\x00ul", "x")}, wantErr: "invalid file path"},
			{put: []Entry{entry(strings.Repeat("i", 40000), "x")}, wantErr: "too long"},
			{put: []Entry{entry("a", "x", strings.Repeat("p", 40000), "x")}, wantErr: "too long"},
		},
		want:   map[string]skill{},
		absent: []string{"a"},
	},
	{
		name: "state",
		ops: []op{
			{state: [2]string{"pending", "[1]"}},
			{state: [2]string{"pending", "[1,2]"}},
			{state: [2]string{"cleared", "x"}},
			{state: [2]string{"cleared"}, nilVal: true},
			{put: []Entry{entry("a", "a")}},
		},
		want:  map[string]skill{"a": {"a", nil}},
		state: map[string]string{"pending": "[1,2]", "cleared": ""},
	},
	{
		name: "bulk put of 3000 in reverse order",
		ops:  []op{{put: big}},
		want: bigWant(),
	},
	{
		name: "bulk put then overwrite and insert in the middle",
		ops: []op{
			{put: big},
			{put: []Entry{entry("bulk/01500", "changed", "only.md", "x"), entry("a-first", "f", "SKILL.md", "f"), entry("bulk/01500x", "between")}},
			{del: []string{"bulk/00000"}},
		},
		want: func() map[string]skill {
			w := bigWant()
			w["bulk/01500"] = skill{"changed", map[string]string{"only.md": "x"}}
			w["a-first"] = skill{"f", map[string]string{"SKILL.md": "f"}}
			w["bulk/01500x"] = skill{"between", nil}
			delete(w, "bulk/00000")
			return w
		}(),
		absent: []string{"bulk/00000"},
	},
}

func TestRoundTrip(t *testing.T) {
	for _, k := range kinds {
		for _, tc := range roundTrips {
			t.Run(k.name+"/"+tc.name, func(t *testing.T) {
				s := k.open(t)
				for i, o := range tc.ops {
					err := o.apply(s)
					switch {
					case o.wantErr == "" && err != nil:
						t.Fatalf("op %d: %v", i, err)
					case o.wantErr != "" && (err == nil || !strings.Contains(err.Error(), o.wantErr)):
						t.Fatalf("op %d: error %v, want one containing %q", i, err, o.wantErr)
					}
				}
				checkContents(t, s, tc.want, tc.absent)
				for key, v := range tc.state {
					got, err := s.State(key)
					if err != nil || string(got) != v || got == nil {
						t.Errorf("State(%q) = %q, %v; want %q", key, got, err, v)
					}
				}
				if _, err := s.State("never-set"); !errors.Is(err, ErrNotFound) {
					t.Errorf("State(never-set) error %v, want ErrNotFound", err)
				}
			})
		}
	}
}

// checkContents checks every read method against want.
func checkContents(t *testing.T, s *Store, want map[string]skill, absent []string) {
	t.Helper()
	if n, err := s.Count(); err != nil || n != len(want) {
		t.Errorf("Count() = %d, %v; want %d", n, err, len(want))
	}
	var ids []string
	err := s.ForEach(func(id string, meta []byte) error {
		ids = append(ids, id)
		if w, ok := want[id]; !ok || string(meta) != w.meta {
			t.Errorf("ForEach: %q meta %q, want %q (present %v)", id, meta, w.meta, ok)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("ForEach: %v", err)
	}
	if wantIDs := slices.Sorted(maps.Keys(want)); !slices.Equal(ids, wantIDs) {
		if len(ids) > 10 || len(wantIDs) > 10 {
			t.Errorf("ForEach ids (%d) differ from want (%d)", len(ids), len(wantIDs))
		} else {
			t.Errorf("ForEach ids %q, want %q", ids, wantIDs)
		}
	}
	for id, w := range want {
		meta, err := s.Meta(id)
		if err != nil || string(meta) != w.meta || meta == nil {
			t.Errorf("Meta(%q) = %q, %v; want %q", id, meta, err, w.meta)
		}
		names, err := s.FileNames(id)
		if wantNames := slices.Sorted(maps.Keys(w.files)); err != nil || !slices.Equal(names, wantNames) {
			t.Errorf("FileNames(%q) = %q, %v; want %q", id, names, err, wantNames)
		}
		for rel, content := range w.files {
			got, err := s.File(id, rel)
			if err != nil || string(got) != content || got == nil {
				t.Errorf("File(%q, %q) = %q, %v; want %q", id, rel, got, err, content)
			}
		}
		if _, err := s.File(id, "no-such-file"); !errors.Is(err, ErrNotFound) {
			t.Errorf("File(%q, no-such-file) error %v, want ErrNotFound", id, err)
		}
	}
	for _, id := range append(absent, "") {
		if _, err := s.Meta(id); !errors.Is(err, ErrNotFound) {
			t.Errorf("Meta(%q) error %v, want ErrNotFound", id, err)
		}
		if _, err := s.FileNames(id); !errors.Is(err, ErrNotFound) {
			t.Errorf("FileNames(%q) error %v, want ErrNotFound", id, err)
		}
		if _, err := s.File(id, "SKILL.md"); !errors.Is(err, ErrNotFound) {
			t.Errorf("File(%q, SKILL.md) error %v, want ErrNotFound", id, err)
		}
	}
}

// TestCopies checks that the store neither keeps the caller's slices nor
// hands out its own.
func TestCopies(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := k.open(t)
			e := entry("a", "meta", "f", "file")
			val := []byte("state")
			if err := s.Put(e); err != nil {
				t.Fatal(err)
			}
			if err := s.SetState("k", val); err != nil {
				t.Fatal(err)
			}
			e.Meta[0], e.Files["f"][0], val[0] = 'X', 'X', 'X'
			for range 2 {
				m, _ := s.Meta("a")
				f, _ := s.File("a", "f")
				v, _ := s.State("k")
				if string(m) != "meta" || string(f) != "file" || string(v) != "state" {
					t.Fatalf("got %q %q %q", m, f, v)
				}
				m[0], f[0], v[0] = 'Y', 'Y', 'Y'
			}
		})
	}
}

func TestForEachStopsAndPanics(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := k.open(t)
			if err := s.Put(entry("a", "1"), entry("b", "2"), entry("c", "3")); err != nil {
				t.Fatal(err)
			}
			stop := errors.New("stop")
			calls := 0
			err := s.ForEach(func(id string, meta []byte) error {
				calls++
				if id == "b" {
					return stop
				}
				return nil
			})
			if err != stop || calls != 2 {
				t.Errorf("ForEach = %v after %d calls; want stop after 2", err, calls)
			}
			// A panic in fn is the caller's, not ErrCorrupt.
			func() {
				defer func() {
					if r := recover(); r != "boom" {
						t.Errorf("recovered %v, want boom", r)
					}
				}()
				s.ForEach(func(string, []byte) error { panic("boom") })
			}()
			if err := s.Put(entry("d", "4")); err != nil { // the store is still usable
				t.Fatal(err)
			}
			if n, _ := s.Count(); n != 4 {
				t.Errorf("Count = %d, want 4", n)
			}
		})
	}
}

// TestStored: Stored counts the ids that have a record, on both backends.
func TestStored(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := k.open(t)
			if err := s.Put(entry("a", "1"), entry("b\xff", "2")); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				ids  []string
				want int
			}{{nil, 0}, {[]string{"a"}, 1}, {[]string{"a", "b\xff", "c", ""}, 2}, {[]string{"c", "", "a\x00"}, 0}} {
				if n, err := s.Stored(tc.ids...); err != nil || n != tc.want {
					t.Errorf("Stored(%q) = %d, %v; want %d", tc.ids, n, err, tc.want)
				}
			}
			if err := s.Delete("a"); err != nil {
				t.Fatal(err)
			}
			if n, err := s.Stored("a", "b\xff"); err != nil || n != 1 {
				t.Errorf("after Delete(a): Stored = %d, %v; want 1", n, err)
			}
		})
	}
}

func TestClosed(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := k.open(t)
			if err := s.Put(entry("a", "1")); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
			errs := map[string]error{"Put": s.Put(entry("b", "2")), "Delete": s.Delete("a"), "SetState": s.SetState("k", nil), "Sync": s.Sync(),
				"ForEach": s.ForEach(func(string, []byte) error { return nil })}
			_, errs["Meta"] = s.Meta("a")
			_, errs["File"] = s.File("a", "f")
			_, errs["FileNames"] = s.FileNames("a")
			_, errs["Count"] = s.Count()
			_, errs["Stored"] = s.Stored("a")
			_, errs["State"] = s.State("k")
			for name, err := range errs {
				if !errors.Is(err, fs.ErrClosed) {
					t.Errorf("%s after Close: %v, want fs.ErrClosed", name, err)
				}
			}
		})
	}
}

func TestReadOnlyMem(t *testing.T) {
	s, err := Open("", &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for name, err := range map[string]error{"Put": s.Put(entry("a", "1")), "Delete": s.Delete("a"), "SetState": s.SetState("k", nil)} {
		if !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s: %v, want ErrReadOnly", name, err)
		}
	}
	if n, err := s.Count(); n != 0 || err != nil || s.Sync() != nil {
		t.Errorf("Count = %d, %v", n, err)
	}
}

// TestConcurrent runs readers against a writer; run with -race. Every Put
// rewrites all skills to one version in one transaction, so any snapshot
// (a ForEach) must see a single version, and versions never go backwards.
func TestConcurrent(t *testing.T) {
	const skills, versions, readers = 50, 40, 4
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := k.open(t)
			if k.name == "bolt" {
				s.Close()
				var err error
				if s, err = Open(filepath.Join(t.TempDir(), "c.db"), &Options{NoSync: true}); err != nil {
					t.Fatal(err)
				}
				defer s.Close()
			}
			gen := func(v int) []Entry {
				es := make([]Entry, skills)
				for i := range es {
					es[i] = entry(fmt.Sprintf("s%03d", i), fmt.Sprintf("v%04d", v), "SKILL.md", fmt.Sprintf("body v%04d", v), fmt.Sprintf("f%d", v%3), "x")
				}
				return es
			}
			if err := s.Put(gen(0)...); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			var wg sync.WaitGroup
			errc := make(chan error, readers+1)
			wg.Go(func() {
				defer close(done)
				for v := 1; v <= versions; v++ {
					// The id set changes too: "zz-tmp" comes and goes.
					if err := s.Put(append(gen(v), entry("zz-tmp", fmt.Sprintf("v%04d", v)))...); err != nil {
						errc <- err
						return
					}
					if v%2 == 0 {
						if err := s.Delete("zz-tmp"); err != nil {
							errc <- err
							return
						}
					}
					if err := s.SetState("version", []byte(fmt.Sprint(v))); err != nil {
						errc <- err
						return
					}
				}
			})
			for r := range readers {
				wg.Go(func() {
					last := ""
					id := fmt.Sprintf("s%03d", r*7)
					for {
						select {
						case <-done:
							return
						default:
						}
						var seen string
						err := s.ForEach(func(id string, meta []byte) error {
							if seen == "" {
								seen = string(meta)
							} else if string(meta) != seen {
								return fmt.Errorf("torn snapshot: %s has %s, others %s", id, meta, seen)
							}
							return nil
						})
						if err != nil {
							errc <- err
							return
						}
						m, err := s.Meta(id)
						if err != nil || string(m) < last {
							errc <- fmt.Errorf("Meta(%s) = %s, %v after %s", id, m, err, last)
							return
						}
						last = string(m)
						if _, err := s.File(id, "SKILL.md"); err != nil {
							errc <- err
							return
						}
						if names, err := s.FileNames(id); err != nil || len(names) != 2 {
							errc <- fmt.Errorf("FileNames(%s) = %q, %v", id, names, err)
							return
						}
						if n, err := s.Count(); err != nil || (n != skills && n != skills+1) {
							errc <- fmt.Errorf("Count = %d, %v", n, err)
							return
						}
						s.State("version")
					}
				})
			}
			wg.Wait()
			close(errc)
			for err := range errc {
				t.Error(err)
			}
			m, _ := s.Meta("s000")
			if want := fmt.Sprintf("v%04d", versions); string(m) != want {
				t.Errorf("final meta %s, want %s", m, want)
			}
		})
	}
}

func TestPutOrder(t *testing.T) {
	es := []Entry{{ID: "c"}, {ID: "a"}, {ID: "b"}, {ID: "a", Meta: []byte("2")}, {ID: "c", Meta: []byte("2")}, {ID: "a", Meta: []byte("3")}}
	got := putOrder(es)
	if want := []int{5, 2, 4}; !slices.Equal(got, want) {
		t.Errorf("putOrder = %v, want %v", got, want)
	}
	if !bytes.Equal(es[got[0]].Meta, []byte("3")) {
		t.Error("last a should win")
	}
}

// TestForEachAfterChanges interleaves ForEach with writes that add,
// overwrite and delete ids (the mem store caches its order).
func TestForEachAfterChanges(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := k.open(t)
			want := map[string]skill{}
			steps := []func() error{
				func() error { want["b"] = skill{"b", nil}; return s.Put(entry("b", "b")) },
				func() error { want["a"] = skill{"a", nil}; return s.Put(entry("a", "a")) },
				func() error { want["a"] = skill{"a2", nil}; return s.Put(entry("a", "a2")) },
				func() error { delete(want, "b"); return s.Delete("b") },
				func() error { return s.Delete("b", "zz") },
				func() error {
					want["c"] = skill{"c", nil}
					want["0"] = skill{"0", nil}
					return s.Put(entry("c", "c"), entry("0", "0"))
				},
				func() error { clear(want); return s.Delete("a", "c", "0") },
			}
			for i, step := range steps {
				if err := step(); err != nil {
					t.Fatal(err)
				}
				for range 2 {
					var ids []string
					s.ForEach(func(id string, meta []byte) error {
						ids = append(ids, id)
						if string(meta) != want[id].meta {
							t.Errorf("step %d: %s meta %q, want %q", i, id, meta, want[id].meta)
						}
						return nil
					})
					if w := slices.Sorted(maps.Keys(want)); !slices.Equal(ids, w) {
						t.Errorf("step %d: ids %q, want %q", i, ids, w)
					}
				}
			}
		})
	}
}
