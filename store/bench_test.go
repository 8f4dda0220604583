package store

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchEntries returns n skills in id order: a ~700-byte meta record and,
// when body > 0, a SKILL.md of body bytes.
func benchEntries(n, body int) []Entry {
	meta := []byte(`{"name":"x","description":"` + strings.Repeat("d", 600) + `","tags":["a","b"],"valid":true}`)
	content := []byte(strings.Repeat("# Skill\nSome text about the skill.\n", body/34+1)[:body])
	es := make([]Entry, n)
	for i := range es {
		es[i] = Entry{ID: fmt.Sprintf("0/owner__repo/skills/skill-%06d", i), Meta: meta}
		if body > 0 {
			es[i].Files = map[string][]byte{"SKILL.md": content}
		}
	}
	return es
}

type benchKind struct {
	name string
	opts *Options
	mem  bool
}

var benchKinds = []benchKind{
	{name: "bolt", opts: nil},
	{name: "bolt-nosync", opts: &Options{NoSync: true}},
	{name: "mem", mem: true},
}

func benchOpen(b *testing.B, k benchKind) *Store {
	path := ""
	if !k.mem {
		path = filepath.Join(b.TempDir(), "bench.db")
	}
	s, err := Open(path, k.opts)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// benchPut times one Put of es into a fresh store per iteration (Sync and
// Close included for bolt, so NoSync pays its one fsync at the end).
func benchPut(b *testing.B, k benchKind, es []Entry) {
	var bytes int64
	for _, e := range es {
		bytes += int64(len(e.ID) + len(e.Meta))
		for _, d := range e.Files {
			bytes += int64(len(d))
		}
	}
	b.SetBytes(bytes)
	b.ReportAllocs()
	var fileSize int64
	for b.Loop() {
		b.StopTimer()
		s := benchOpen(b, k)
		b.StartTimer()
		if err := s.Put(es...); err != nil {
			b.Fatal(err)
		}
		if err := s.Sync(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if p := s.Path(); p != "" {
			if st, err := os.Stat(p); err == nil {
				fileSize = st.Size()
			}
		}
		s.Close()
		if s.Path() != "" {
			Remove(s.Path())
		}
		b.StartTimer()
	}
	if fileSize > 0 {
		b.ReportMetric(float64(fileSize)/1e6, "MB-file")
	}
}

// BenchmarkPut1k: 1,000 skills with a ~700-byte meta and an 11 KB
// SKILL.md each, in one Put.
func BenchmarkPut1k(b *testing.B) {
	es := benchEntries(1000, 11<<10)
	for _, k := range benchKinds {
		b.Run(k.name, func(b *testing.B) { benchPut(b, k, es) })
	}
}

// BenchmarkPut100kMeta: 100,000 meta records (~700 bytes) in one Put.
// Skipped with -short; one iteration takes seconds, so run it with
// -benchtime=1x.
func BenchmarkPut100kMeta(b *testing.B) {
	if testing.Short() {
		b.Skip("100k records; run without -short")
	}
	es := benchEntries(100000, 0)
	for _, k := range benchKinds {
		if k.name == "bolt-nosync" {
			continue // one commit: same as bolt
		}
		b.Run(k.name, func(b *testing.B) { benchPut(b, k, es) })
	}
}

// BenchmarkMetaGet: random Meta lookups in a store of 10,000 skills.
func BenchmarkMetaGet(b *testing.B) {
	const n = 10000
	es := benchEntries(n, 0)
	for _, k := range benchKinds {
		if k.name == "bolt-nosync" {
			continue
		}
		b.Run(k.name, func(b *testing.B) {
			s := benchOpen(b, k)
			defer s.Close()
			if err := s.Put(es...); err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Meta(es[rng.IntN(n)].ID); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFileGet: random SKILL.md (11 KB) lookups in a store of 1,000
// skills.
func BenchmarkFileGet(b *testing.B) {
	const n = 1000
	es := benchEntries(n, 11<<10)
	s := benchOpen(b, benchKinds[1])
	defer s.Close()
	if err := s.Put(es...); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.File(es[rng.IntN(n)].ID, "SKILL.md"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkForEachCount10k: one ForEach and one Count over 10,000 skills.
func BenchmarkForEachCount10k(b *testing.B) {
	es := benchEntries(10000, 0)
	for _, k := range benchKinds {
		if k.name == "bolt-nosync" {
			continue
		}
		b.Run(k.name, func(b *testing.B) {
			s := benchOpen(b, k)
			defer s.Close()
			if err := s.Put(es...); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				if err := s.ForEach(func(string, []byte) error { n++; return nil }); err != nil || n != len(es) {
					b.Fatal(err, n)
				}
				if c, err := s.Count(); err != nil || c != len(es) {
					b.Fatal(err, c)
				}
			}
		})
	}
}

// BenchmarkPutOne: a single-skill Put into a store of 1,000 skills (one
// commit with fsync for bolt).
func BenchmarkPutOne(b *testing.B) {
	es := benchEntries(1000, 11<<10)
	for _, k := range benchKinds {
		b.Run(k.name, func(b *testing.B) {
			s := benchOpen(b, k)
			defer s.Close()
			if err := s.Put(es...); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := s.Put(es[i%len(es)]); err != nil {
					b.Fatal(err)
				}
				i += 7
			}
		})
	}
}
