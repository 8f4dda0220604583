package index

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/skilldex/skilldex/index/skillmd"
)

// TestDecodedRecordPacked: a decoded skill keeps none of its stored
// record (the id again, length prefixes, numbers), holds each string it
// repeats once, and its other strings in one allocation (pack).
func TestDecodedRecordPacked(t *testing.T) {
	s := &Skill{ID: "acme/skills/pdf", Name: "pdf", Description: "Reads PDF files.", Tags: []string{"docs"},
		License: "MIT", Metadata: map[string]any{"license": "MIT", "tags": []any{"docs"}, "nested": map[string]any{"k": "v"}},
		UserInvocable: true, RootLabel: "project", Dir: "/r/acme/skills/pdf", RealDir: "/r/acme/skills/pdf",
		SkillFile: "SKILL.md", Rel: "acme/skills/pdf", Depth: 3, Hash: "5f3e",
		Files:       []FileInfo{{Path: "SKILL.md", Size: 10, ModTime: 1, Hash: "5f3e"}, {Path: "scripts/x.py", Size: 3, ModTime: 2, Hash: "77aa"}},
		References:  []skillmd.Reference{{Target: "scripts/x.py", Path: "scripts/x.py", Kind: skillmd.RefCode, Status: skillmd.RefOK, Line: 4}},
		Diagnostics: []skillmd.Diagnostic{{Severity: skillmd.SeverityWarning, Code: "c", File: "SKILL.md", Line: 1, Message: "m", Fix: "f"}},
		Valid:       true}
	rec, err := encodeRecord(s)
	must(t, err)
	data := string(rec)
	id := string([]byte(s.ID)) // the store's key, a string of its own
	got, err := decodeRecordString(id, data, 1)
	must(t, err)
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, s)
	}
	lo := uintptr(unsafe.Pointer(unsafe.StringData(data)))
	hi := lo + uintptr(len(data))
	var kept []string
	var meta func(v any)
	meta = func(v any) {
		switch v := v.(type) {
		case string:
			kept = append(kept, v)
		case []any:
			for _, x := range v {
				meta(x)
			}
		case map[string]any:
			for k, x := range v {
				kept = append(kept, k)
				meta(x)
			}
		}
	}
	meta(got.Metadata)
	kept = append(kept, got.Name, got.Description, got.Tags[0], got.License, got.RootLabel, got.Dir, got.RealDir, got.SkillFile, got.Rel, got.Hash)
	for _, f := range got.Files {
		kept = append(kept, f.Path, f.Hash)
	}
	for _, r := range got.References {
		kept = append(kept, r.Target, r.Path, string(r.Kind), string(r.Status))
	}
	for _, d := range got.Diagnostics {
		kept = append(kept, string(d.Severity), d.Code, d.File, d.Message, d.Fix)
	}
	for _, k := range kept {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(k))); k != "" && p >= lo && p < hi {
			t.Errorf("%q is a slice of the stored record: the record stays in memory", k)
		}
	}
	sameData := func(what, a, b string) {
		if unsafe.StringData(a) != unsafe.StringData(b) {
			t.Errorf("%s: %q is a copy, not shared", what, a)
		}
	}
	sameData("Rel and ID", got.Rel, id)
	sameData("RealDir and Dir", got.RealDir, got.Dir)
	sameData("SKILL.md's hash in Files", got.Files[0].Hash, got.Hash)
	sameData("SKILL.md's name in Files", got.Files[0].Path, got.SkillFile)
	sameData("a reference's path and target", got.References[0].Path, got.References[0].Target)
	// Name and Description were written one after the other into one
	// allocation.
	if p, q := unsafe.StringData(got.Name), unsafe.StringData(got.Description); uintptr(unsafe.Pointer(q)) != uintptr(unsafe.Pointer(p))+uintptr(len(got.Name)) {
		t.Error("Name and Description are not packed together")
	}
}
