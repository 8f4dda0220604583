package index

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index/skillmd"
)

// recordVersion is the version of the skill record the store keeps (see
// record). Bump it whenever parsing, validation or the record's shape
// change what a record says about a folder: the data dir's key includes
// it (Catalog.key), so a new version starts from a fresh data subfolder,
// and a record of another version found in a store is re-derived from its
// folder, never served (decodeRecord).
//
// History: 1 was the public Skill marshalled as JSON, without a version
// field (strings that were not UTF-8 came back as U+FFFD); 2 is record.
const recordVersion = 2

// errRecordVersion marks a stored record of another record version, or
// one parsed under other skillmd rules (skillmd.RulesVersion).
var errRecordVersion = errors.New("skill record of another version")

// record is the persisted form of a Skill: separate from the public type,
// so the store's format changes only with recordVersion, and byte-exact:
// every string that comes from the file system (ids, folders, file names,
// diagnostics naming them) is a rawString, which JSON carries whatever its
// bytes. ShadowedBy is computed, never stored.
type record struct {
	V             int            `json:"v"`
	Rules         int            `json:"rules"`
	ID            rawString      `json:"id"`
	Name          rawString      `json:"name"`
	Description   rawString      `json:"description"`
	Tags          []rawString    `json:"tags,omitempty"`
	Version       rawString      `json:"version,omitempty"`
	Author        rawString      `json:"author,omitempty"`
	License       rawString      `json:"license,omitempty"`
	Compatibility rawString      `json:"compatibility,omitempty"`
	AllowedTools  []rawString    `json:"allowed_tools,omitempty"`
	Metadata      map[string]any `json:"metadata,omitempty"`
	// The two invocation flags, as in Skill.
	DisableModelInvocation bool         `json:"disable_model_invocation,omitempty"`
	UserInvocable          bool         `json:"user_invocable"`
	Root                   int          `json:"root"`
	RootLabel              rawString    `json:"root_label,omitempty"`
	Dir                    rawString    `json:"dir"`
	RealDir                rawString    `json:"real_dir"`
	SkillFile              rawString    `json:"skill_file"`
	Rel                    rawString    `json:"rel"`
	Depth                  int          `json:"depth"`
	Files                  []recordFile `json:"files"`
	References             []recordRef  `json:"references,omitempty"`
	Diagnostics            []recordDiag `json:"diagnostics,omitempty"`
	Valid                  bool         `json:"valid"`
	Hash                   string       `json:"hash"`
}

type recordFile struct {
	Path    rawString `json:"path"`
	Size    int64     `json:"size"`
	ModTime int64     `json:"mtime"`
	Hash    string    `json:"hash,omitempty"`
}

type recordRef struct {
	Target rawString         `json:"target"`
	Path   rawString         `json:"path,omitempty"`
	Kind   skillmd.RefKind   `json:"kind"`
	Status skillmd.RefStatus `json:"status"`
	Line   int               `json:"line,omitempty"`
}

type recordDiag struct {
	Severity skillmd.Severity `json:"severity"`
	Code     rawString        `json:"code"`
	File     rawString        `json:"file,omitempty"`
	Line     int              `json:"line,omitempty"`
	Message  rawString        `json:"message"`
	Fix      rawString        `json:"fix,omitempty"`
}

// encodeRecord returns the stored form of s.
func encodeRecord(s *Skill) ([]byte, error) {
	r := record{V: recordVersion, Rules: skillmd.RulesVersion, DisableModelInvocation: s.DisableModelInvocation, UserInvocable: s.UserInvocable, ID: rawString(s.ID), Name: rawString(s.Name), Description: rawString(s.Description),
		Tags: rawStrings(s.Tags), Version: rawString(s.Version), Author: rawString(s.Author), License: rawString(s.License),
		Compatibility: rawString(s.Compatibility), AllowedTools: rawStrings(s.AllowedTools), Metadata: s.Metadata,
		Root: s.Root, RootLabel: rawString(s.RootLabel), Dir: rawString(s.Dir), RealDir: rawString(s.RealDir),
		SkillFile: rawString(s.SkillFile), Rel: rawString(s.Rel), Depth: s.Depth, Valid: s.Valid, Hash: s.Hash}
	r.Files = make([]recordFile, len(s.Files))
	for i, f := range s.Files {
		r.Files[i] = recordFile{Path: rawString(f.Path), Size: f.Size, ModTime: f.ModTime, Hash: f.Hash}
	}
	for _, ref := range s.References {
		r.References = append(r.References, recordRef{Target: rawString(ref.Target), Path: rawString(ref.Path), Kind: ref.Kind, Status: ref.Status, Line: ref.Line})
	}
	for _, d := range s.Diagnostics {
		r.Diagnostics = append(r.Diagnostics, recordDiag{Severity: d.Severity, Code: rawString(d.Code), File: rawString(d.File), Line: d.Line, Message: rawString(d.Message), Fix: rawString(d.Fix)})
	}
	return json.Marshal(&r)
}

// decodeRecord decodes the stored record of the skill id. Errors: the
// record is not JSON of a record, is of another record version
// (errRecordVersion), names another id than its key, or a root beyond
// roots: the caller re-derives the skill from its folder.
func decodeRecord(id string, meta []byte, roots int) (*Skill, error) {
	var r record
	if err := json.Unmarshal(meta, &r); err != nil {
		return nil, err
	}
	switch {
	case r.V != recordVersion:
		return nil, fmt.Errorf("%w: version %d, this skilldex writes %d", errRecordVersion, r.V, recordVersion)
	case r.Rules != skillmd.RulesVersion:
		return nil, fmt.Errorf("%w: parsed under rules version %d, this skilldex has %d", errRecordVersion, r.Rules, skillmd.RulesVersion)
	case string(r.ID) != id:
		return nil, fmt.Errorf("record names skill %q, stored under %q", string(r.ID), id)
	case r.Root < 0 || r.Root >= roots:
		return nil, fmt.Errorf("record names root %d of %d", r.Root, roots)
	}
	s := &Skill{ID: id, Name: string(r.Name), Description: string(r.Description), Tags: strs(r.Tags),
		Version: string(r.Version), Author: string(r.Author), License: string(r.License), Compatibility: string(r.Compatibility),
		AllowedTools: strs(r.AllowedTools), Metadata: r.Metadata, Root: r.Root, RootLabel: string(r.RootLabel),
		Dir: string(r.Dir), RealDir: string(r.RealDir), SkillFile: string(r.SkillFile), Rel: string(r.Rel), Depth: r.Depth,
		Valid: r.Valid, Hash: r.Hash, DisableModelInvocation: r.DisableModelInvocation, UserInvocable: r.UserInvocable}
	s.Files = make([]FileInfo, len(r.Files))
	for i, f := range r.Files {
		s.Files[i] = FileInfo{Path: string(f.Path), Size: f.Size, ModTime: f.ModTime, Hash: f.Hash}
	}
	for _, ref := range r.References {
		s.References = append(s.References, skillmd.Reference{Target: string(ref.Target), Path: string(ref.Path), Kind: ref.Kind, Status: ref.Status, Line: ref.Line})
	}
	for _, d := range r.Diagnostics {
		s.Diagnostics = append(s.Diagnostics, skillmd.Diagnostic{Severity: d.Severity, Code: string(d.Code), File: string(d.File), Line: d.Line, Message: string(d.Message), Fix: string(d.Fix)})
	}
	return s, nil
}

func rawStrings(ss []string) []rawString {
	if ss == nil {
		return nil
	}
	out := make([]rawString, len(ss))
	for i, s := range ss {
		out[i] = rawString(s)
	}
	return out
}

func strs(rs []rawString) []string {
	if rs == nil {
		return nil
	}
	out := make([]string, len(rs))
	for i, s := range rs {
		out[i] = string(s)
	}
	return out
}

// rawString is a string of any bytes that survives JSON exactly: valid
// UTF-8 is a JSON string; anything else (a folder or file name on Linux
// may hold any byte but "/" and NUL), which encoding/json would turn into
// U+FFFD, is an object {"b64": standard base64 of the bytes}.
type rawString string

// MarshalJSON implements json.Marshaler.
func (s rawString) MarshalJSON() ([]byte, error) {
	if utf8.ValidString(string(s)) {
		return json.Marshal(string(s))
	}
	return json.Marshal(struct {
		B64 string `json:"b64"`
	}{base64.StdEncoding.EncodeToString([]byte(s))})
}

// UnmarshalJSON implements json.Unmarshaler.
func (s *rawString) UnmarshalJSON(data []byte) error {
	if len(data) >= 2 && data[0] == '"' {
		if bytes.IndexByte(data, '\\') < 0 {
			*s = rawString(data[1 : len(data)-1]) // the common case: nothing escaped
			return nil
		}
		var v string
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
		*s = rawString(v)
		return nil
	}
	if string(data) == "null" {
		return nil
	}
	var o struct {
		B64 *string `json:"b64"`
	}
	if err := json.Unmarshal(data, &o); err != nil {
		return err
	}
	if o.B64 == nil {
		return errors.New("raw string: want a string or {\"b64\": ...}")
	}
	b, err := base64.StdEncoding.DecodeString(*o.B64)
	if err != nil {
		return fmt.Errorf("raw string: %w", err)
	}
	*s = rawString(b)
	return nil
}

// encodeIDs and decodeIDs are the state lists of ids (pendingKey,
// bodiesKey), byte-exact like records.
func encodeIDs(ids []string) []byte {
	data, _ := json.Marshal(rawStrings(ids)) // a []rawString always marshals
	return data
}

func decodeIDs(data []byte) ([]string, error) {
	var rs []rawString
	if err := json.Unmarshal(data, &rs); err != nil {
		return nil, err
	}
	return strs(rs), nil
}
