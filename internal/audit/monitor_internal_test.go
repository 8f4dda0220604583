package audit

import (
	"testing"

	"github.com/skilldex/skilldex/index"
)

// TestVersionKey: every part of a skill's files' fingerprint changes the
// key a Monitor remembers an audit under, and moving bytes from one
// field to the next does too.
func TestVersionKey(t *testing.T) {
	base := index.Skill{Hash: "aa", Files: []index.FileInfo{{Path: "SKILL.md", Size: 10, ModTime: 5, Hash: "aa"}, {Path: "x.sh", Size: 3, ModTime: 7, Hash: "bb"}}}
	variants := map[string]func(s *index.Skill){
		"SKILL.md hash": func(s *index.Skill) { s.Hash = "ab" },
		"path":          func(s *index.Skill) { s.Files[1].Path = "y.sh" },
		"size":          func(s *index.Skill) { s.Files[1].Size = 4 },
		"mtime":         func(s *index.Skill) { s.Files[1].ModTime = 8 },
		"file hash":     func(s *index.Skill) { s.Files[1].Hash = "bc" },
		"a file more":   func(s *index.Skill) { s.Files = append(s.Files, index.FileInfo{Path: "z"}) },
		"bytes moved":   func(s *index.Skill) { s.Files[1].Path, s.Files[1].Hash = "x.shb", "b" },
	}
	k := versionKey(base)
	if versionKey(base) != k {
		t.Fatal("the same skill gave two keys")
	}
	for name, change := range variants {
		s := base
		s.Files = append([]index.FileInfo(nil), base.Files...)
		change(&s)
		if versionKey(s) == k {
			t.Errorf("%s: same key", name)
		}
	}
}
