package index

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index/skillmd"
)

// recordVersion is the version of the skill record the store keeps (see
// encodeRecord). Bump it whenever parsing, validation or the record's
// shape change what a record says about a folder: the data dir's key
// includes it (dataKey), so a new version starts from a fresh data
// subfolder, and a record of another version found in a store is
// re-derived from its folder, never served (decodeRecord).
//
// History: 1 was the public Skill marshalled as JSON, without a version
// field (strings that were not UTF-8 came back as U+FFFD); 2 was a record
// type of its own in JSON, byte-exact through rawString; 3 is the binary
// form of encodeRecord, because decoding JSON was the largest part of a
// warm start; 4 is 3 with the frontmatter's other fields (Metadata) in
// the same binary form instead of JSON inside it, their values' types
// kept.
const recordVersion = 4

// recordMagic starts every binary record; a JSON record (versions 1 and
// 2) starts with '{'.
const recordMagic = 0xB5

// errRecordVersion marks a stored record of another record version, or
// one parsed under other skillmd rules (skillmd.RulesVersion).
var errRecordVersion = errors.New("skill record of another version")

// errRecordShort marks a binary record cut short or holding a length past
// its end: damage, re-derived from the folder like any unreadable record.
var errRecordShort = errors.New("skill record truncated")

// Record flags (one byte).
const (
	flagDisableModelInvocation = 1 << iota
	flagUserInvocable
	flagValid
)

// encodeRecord returns the stored form of s: byte-exact (strings are
// length-prefixed bytes, so a folder or file name that is not UTF-8
// survives), versioned, and cheap to decode. ShadowedBy is computed, never
// stored. Layout, in order (uvarint: unsigned LEB128 as encoding/binary;
// varint: its zig-zag form; str: uvarint length, then the bytes; list:
// uvarint count, then the items):
//
//	byte recordMagic, uvarint recordVersion, uvarint skillmd.RulesVersion
//	byte flags (flagDisableModelInvocation, flagUserInvocable, flagValid)
//	str ID, Name, Description; list of str Tags
//	str Version, Author, License, Compatibility; list of str AllowedTools
//	Metadata: uvarint count, then per field str key and a value (see
//	encodeValue)
//	varint Root; str RootLabel, Dir, RealDir, SkillFile, Rel; varint Depth
//	str Hash
//	list Files: str Path, varint Size, varint ModTime, str Hash
//	list References: str Target, Path, Kind, Status; varint Line
//	list Diagnostics: str Severity, Code, File; varint Line; str Message, Fix
//
// Errors: a Metadata value of a type no frontmatter produces that JSON
// cannot hold either.
func encodeRecord(s *Skill) ([]byte, error) {
	n := 64 + len(s.ID) + len(s.Name) + len(s.Description) + 64*len(s.Metadata) + 2*len(s.Dir) + len(s.Rel) + len(s.Hash) + 100*len(s.Files)
	e := recordEncoder{b: make([]byte, 0, n)}
	e.b = append(e.b, recordMagic)
	e.b = binary.AppendUvarint(e.b, recordVersion)
	e.b = binary.AppendUvarint(e.b, skillmd.RulesVersion)
	var flags byte
	if s.DisableModelInvocation {
		flags |= flagDisableModelInvocation
	}
	if s.UserInvocable {
		flags |= flagUserInvocable
	}
	if s.Valid {
		flags |= flagValid
	}
	e.b = append(e.b, flags)
	e.str(s.ID)
	e.str(s.Name)
	e.str(s.Description)
	e.strs(s.Tags)
	e.str(s.Version)
	e.str(s.Author)
	e.str(s.License)
	e.str(s.Compatibility)
	e.strs(s.AllowedTools)
	if err := e.fields(s.Metadata); err != nil {
		return nil, fmt.Errorf("skill %q: metadata: %w", s.ID, err)
	}
	e.int(int64(s.Root))
	e.str(s.RootLabel)
	e.str(s.Dir)
	e.str(s.RealDir)
	e.str(s.SkillFile)
	e.str(s.Rel)
	e.int(int64(s.Depth))
	e.str(s.Hash)
	e.b = binary.AppendUvarint(e.b, uint64(len(s.Files)))
	for _, f := range s.Files {
		e.str(f.Path)
		e.int(f.Size)
		e.int(f.ModTime)
		e.str(f.Hash)
	}
	e.b = binary.AppendUvarint(e.b, uint64(len(s.References)))
	for _, r := range s.References {
		e.str(r.Target)
		e.str(r.Path)
		e.str(string(r.Kind))
		e.str(string(r.Status))
		e.int(int64(r.Line))
	}
	e.b = binary.AppendUvarint(e.b, uint64(len(s.Diagnostics)))
	for _, d := range s.Diagnostics {
		e.str(string(d.Severity))
		e.str(d.Code)
		e.str(d.File)
		e.int(int64(d.Line))
		e.str(d.Message)
		e.str(d.Fix)
	}
	return e.b, nil
}

type recordEncoder struct{ b []byte }

func (e *recordEncoder) str(s string) {
	e.b = binary.AppendUvarint(e.b, uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *recordEncoder) strs(ss []string) {
	e.b = binary.AppendUvarint(e.b, uint64(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}

func (e *recordEncoder) int(v int64) { e.b = binary.AppendVarint(e.b, v) }

// Tags of a frontmatter value (encodeValue).
const (
	valNull = iota
	valFalse
	valTrue
	valInt    // varint: the parser's int
	valUint   // uvarint: the parser's uint64 (an integer past int64)
	valFloat  // 8 bytes, little-endian IEEE 754 bits
	valString // str
	valList   // uvarint count, values
	valMap    // fields
	valJSON   // str: JSON of a value of any other type, decoded as encoding/json does
)

// maxValueDepth bounds the nesting of a stored frontmatter value; the
// parser's budget (skillmd.MaxYAMLNodes) keeps real ones far below.
const maxValueDepth = 1000

// fields encodes a map of frontmatter fields: uvarint count, then per
// field str key and its value.
func (e *recordEncoder) fields(m map[string]any) error {
	e.b = binary.AppendUvarint(e.b, uint64(len(m)))
	for k, v := range m {
		e.str(k)
		if err := e.value(v); err != nil {
			return err
		}
	}
	return nil
}

// value encodes one frontmatter value (skillmd's converter gives nil,
// bool, int, uint64, float64, string, []any and map[string]any) as a tag
// byte and its payload, keeping its type, so a warm start serves what a
// fresh parse does.
func (e *recordEncoder) value(v any) error {
	switch v := v.(type) {
	case nil:
		e.b = append(e.b, valNull)
	case bool:
		if v {
			e.b = append(e.b, valTrue)
		} else {
			e.b = append(e.b, valFalse)
		}
	case int:
		e.b = append(e.b, valInt)
		e.int(int64(v))
	case uint64:
		e.b = append(e.b, valUint)
		e.b = binary.AppendUvarint(e.b, v)
	case float64:
		e.b = append(e.b, valFloat)
		e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v))
	case string:
		e.b = append(e.b, valString)
		e.str(v)
	case []any:
		e.b = append(e.b, valList)
		e.b = binary.AppendUvarint(e.b, uint64(len(v)))
		for _, x := range v {
			if err := e.value(x); err != nil {
				return err
			}
		}
	case map[string]any:
		e.b = append(e.b, valMap)
		return e.fields(v)
	default:
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		e.b = append(e.b, valJSON)
		e.str(string(data))
	}
	return nil
}

// errRootGone marks a record of a skill under a root the catalog does not
// have now (a catalog that follows lockfiles, reopened with fewer
// sources): not damage, its skill is simply no longer served.
var errRootGone = errors.New("a root the catalog no longer has")

// decodeRecord decodes the stored record of the skill id. Errors: the
// record is not a record (errRecordShort, or its magic byte is wrong), is
// of another record version (errRecordVersion, which a JSON record of
// versions 1 and 2 is too), names another id than its key, or a root
// beyond roots: the caller re-derives the skill from its folder.
func decodeRecord(id string, meta []byte, roots int) (*Skill, error) {
	return decodeRecordString(id, string(meta), roots)
}

// decodeRecordString is decodeRecord of a record already copied into a
// string: every string of the Skill is a slice of data, so a record costs
// a handful of allocations (the Skill, its lists) instead of one per
// field.
func decodeRecordString(id, data string, roots int) (*Skill, error) {
	if len(data) > 0 && data[0] == '{' {
		return nil, fmt.Errorf("%w: a JSON record (version 1 or 2), this skilldex writes %d", errRecordVersion, recordVersion)
	}
	if len(data) == 0 || data[0] != recordMagic {
		return nil, errors.New("not a skill record")
	}
	d := recordDecoder{s: data, i: 1}
	if v := d.uvarint(); v != recordVersion {
		if d.err != nil {
			return nil, d.err
		}
		return nil, fmt.Errorf("%w: version %d, this skilldex writes %d", errRecordVersion, v, recordVersion)
	}
	if r := d.uvarint(); r != skillmd.RulesVersion && d.err == nil {
		return nil, fmt.Errorf("%w: parsed under rules version %d, this skilldex has %d", errRecordVersion, r, skillmd.RulesVersion)
	}
	flags := d.byte()
	s := &Skill{ID: id, DisableModelInvocation: flags&flagDisableModelInvocation != 0,
		UserInvocable: flags&flagUserInvocable != 0, Valid: flags&flagValid != 0}
	if rid := d.str(); rid != id && d.err == nil {
		return nil, fmt.Errorf("record names skill %q, stored under %q", rid, id)
	}
	s.Name = d.str()
	s.Description = d.str()
	s.Tags = d.strs()
	s.Version = d.str()
	s.Author = d.str()
	s.License = d.str()
	s.Compatibility = d.str()
	s.AllowedTools = d.strs()
	metaStart := d.i
	d.skipFields(0)
	meta := data[metaStart:d.i]
	s.Root = int(d.int())
	s.RootLabel = d.str()
	s.Dir = d.str()
	s.RealDir = d.str()
	s.SkillFile = d.str()
	s.Rel = d.str()
	s.Depth = int(d.int())
	s.Hash = d.str()
	s.Files = make([]FileInfo, d.count(4))
	for i := range s.Files {
		s.Files[i] = FileInfo{Path: d.str(), Size: d.int(), ModTime: d.int(), Hash: d.str()}
	}
	if n := d.count(5); n > 0 {
		s.References = make([]skillmd.Reference, n)
		for i := range s.References {
			s.References[i] = skillmd.Reference{Target: d.str(), Path: d.str(), Kind: skillmd.RefKind(d.str()),
				Status: skillmd.RefStatus(d.str()), Line: int(d.int())}
		}
	}
	if n := d.count(6); n > 0 {
		s.Diagnostics = make([]skillmd.Diagnostic, n)
		for i := range s.Diagnostics {
			s.Diagnostics[i] = skillmd.Diagnostic{Severity: skillmd.Severity(d.str()), Code: d.str(), File: d.str(),
				Line: int(d.int()), Message: d.str(), Fix: d.str()}
		}
	}
	switch {
	case d.err != nil:
		return nil, d.err
	case d.i != len(data):
		return nil, fmt.Errorf("skill record: %d bytes after its end", len(data)-d.i)
	case s.Root < 0 || s.Root >= roots:
		return nil, fmt.Errorf("%w: record names root %d of %d", errRootGone, s.Root, roots)
	}
	meta = pack(s, meta)
	if meta != "" {
		md := recordDecoder{s: meta}
		s.Metadata = md.fields(0)
		if md.err != nil {
			return nil, md.err
		}
	}
	if len(s.Metadata) == 0 {
		s.Metadata = nil // as the parser leaves a frontmatter without other fields
	}
	return s, nil
}

// recordDecoder reads encodeRecord's layout from s at i. The first
// problem sets err; every read after it returns a zero value, so a
// decoder checks err once at the end.
type recordDecoder struct {
	s   string
	i   int
	err error
}

func (d *recordDecoder) fail() { d.err, d.i = errRecordShort, len(d.s) }

func (d *recordDecoder) byte() byte {
	if d.i >= len(d.s) {
		d.fail()
		return 0
	}
	d.i++
	return d.s[d.i-1]
}

func (d *recordDecoder) uvarint() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		b := d.byte()
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v
		}
	}
	d.fail()
	return 0
}

func (d *recordDecoder) int() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1) // zig-zag, as binary.AppendVarint
}

func (d *recordDecoder) str() string {
	n := d.uvarint()
	if n > uint64(len(d.s)-d.i) {
		d.fail()
		return ""
	}
	s := d.s[d.i : d.i+int(n)]
	d.i += int(n)
	return s
}

// count reads a list's length; each item takes at least min bytes, so a
// damaged length cannot make the decoder allocate past the record.
func (d *recordDecoder) count(min int) int {
	n := d.uvarint()
	if n > uint64((len(d.s)-d.i)/min) {
		d.fail()
		return 0
	}
	return int(n)
}

// fields reads recordEncoder.fields at the given nesting depth.
func (d *recordDecoder) fields(depth int) map[string]any {
	n := d.count(2)
	if n == 0 || d.err != nil {
		return nil
	}
	m := make(map[string]any, n)
	for range n {
		k := d.str()
		m[k] = d.value(depth + 1)
	}
	return m
}

// skipFields moves past recordEncoder.fields at the given nesting depth
// without decoding them (decodeRecordString decodes them from the packed
// copy, which reports what skipping cannot: a value that does not
// decode).
func (d *recordDecoder) skipFields(depth int) {
	for range d.count(2) {
		d.str()
		d.skipValue(depth + 1)
	}
}

// skipValue moves past one recordEncoder.value.
func (d *recordDecoder) skipValue(depth int) {
	if depth > maxValueDepth {
		d.err, d.i = errors.New("skill record: frontmatter value nested too deep"), len(d.s)
		return
	}
	switch d.byte() {
	case valNull, valFalse, valTrue:
	case valInt:
		d.int()
	case valUint:
		d.uvarint()
	case valFloat:
		if len(d.s)-d.i < 8 {
			d.fail()
			return
		}
		d.i += 8
	case valString, valJSON:
		d.str()
	case valList:
		for range d.count(1) {
			d.skipValue(depth + 1)
		}
	case valMap:
		d.skipFields(depth)
	default:
		if d.err == nil {
			d.err, d.i = errors.New("skill record: unknown frontmatter value"), len(d.s)
		}
	}
}

// value reads recordEncoder.value.
func (d *recordDecoder) value(depth int) any {
	if depth > maxValueDepth {
		d.err, d.i = errors.New("skill record: frontmatter value nested too deep"), len(d.s)
		return nil
	}
	switch d.byte() {
	case valNull:
		return nil
	case valFalse:
		return false
	case valTrue:
		return true
	case valInt:
		return int(d.int())
	case valUint:
		return d.uvarint()
	case valFloat:
		if len(d.s)-d.i < 8 {
			d.fail()
			return nil
		}
		var bits uint64
		for k := 7; k >= 0; k-- {
			bits = bits<<8 | uint64(d.s[d.i+k])
		}
		d.i += 8
		v := math.Float64frombits(bits)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			// The parser keeps neither (skillmd's scalarValue).
			d.err, d.i = errors.New("skill record: frontmatter number not finite"), len(d.s)
			return nil
		}
		return v
	case valString:
		return d.str()
	case valList:
		n := d.count(1)
		out := make([]any, n)
		for i := range out {
			out[i] = d.value(depth + 1)
		}
		return out
	case valMap:
		m := d.fields(depth)
		if m == nil {
			m = map[string]any{}
		}
		return m
	case valJSON:
		var v any
		if err := json.Unmarshal([]byte(d.str()), &v); err != nil && d.err == nil {
			d.err, d.i = fmt.Errorf("skill record: frontmatter value: %w", err), len(d.s)
		}
		return v
	}
	if d.err == nil {
		d.err, d.i = errors.New("skill record: unknown frontmatter value"), len(d.s)
	}
	return nil
}

func (d *recordDecoder) strs() []string {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
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
