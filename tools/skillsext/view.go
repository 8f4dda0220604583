package skillsext

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// Limits of SEP-2640 ("Limits"): servers SHOULD NOT serve a skill over
// either. A bigger skill is left out of the extension, logged with its
// counts, and skills/get on its URI says why; the tools still serve it.
const (
	// MaxFilesPerSkill is the most resource entries one skill may list,
	// SKILL.md included: 512.
	MaxFilesPerSkill = 512
	// MaxBytesPerSkill is the most bytes the files of one skill may add up
	// to: 16 MiB (16,777,216).
	MaxBytesPerSkill = 16 << 20
)

// validName is the Agent Skills naming rule as SEP-2640 requires it of the
// final skill-path segment (and as the official conformance suite checks
// it): 1-64 ASCII lowercase letters, digits and hyphens, no hyphen at
// either end, no "--". ASCII only: the name may be the URI authority.
// A byte loop rather than a regular expression: the view checks every
// skill of the catalog after each change.
func validName(name string) bool {
	if len(name) == 0 || len(name) > 64 || name[0] == '-' || name[len(name)-1] == '-' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-':
			if name[i-1] == '-' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// vfile is one file of a skill as the extension serves it.
type vfile struct {
	// rel is the path below the skill folder, slash-separated; SKILL.md
	// is always rel skillFileSegment, whatever its spelling on disk.
	rel string
	// ownerID and ownerRel name the file in the catalog: the skill itself
	// or, for the files of a nested skill, that nested skill (SEP-2640:
	// completeness extends to nested skills).
	ownerID, ownerRel string
	ownerDir          string
	info              index.FileInfo
	// nested is true for a file of a skill nested in this one: the
	// catalog may refuse to read it through that skill (it can be
	// invalid), so it is read from the folder (readRaw) then.
	nested bool
}

// vskill is one skill the extension serves. The view builds what ordering,
// lookup and the limits need (id, path, URI, file count and total size) for
// every skill after each catalog change; the file list and the fingerprint
// are computed on first use (files), so the first skills/list page after a
// change costs its own 100 skills, not the whole catalog.
type vskill struct {
	id   string
	path string // escaped skill path: skill://<path>/SKILL.md
	uri  string
	sk   *index.Skill // in the view's copy of the catalog's list
	// nested are the skills in folders below this one (their files are
	// files of this skill), in folder order.
	nested []*index.Skill
	// listed is true when skills/list and resources/list show the skill:
	// it wins its name and the author did not hide it.
	listed bool
	// nfiles and size are the number of files (SKILL.md and nested
	// skills' files included) and the sum of their sizes, in bytes: what
	// the SEP-2640 limits are checked against.
	nfiles int
	size   int64

	// once computes files and fp, read only through vs.files() and
	// vs.fingerprint().
	once sync.Once
	// fl lists every file once, SKILL.md first, then by rel.
	fl []vfile
	// fp fingerprints everything the entry is computed from (SKILL.md's
	// hash, every file's path, size, modification time and hash; FNV-1a),
	// so a cached entry is reused until one of them changes.
	fp uint64
}

// files lists every file of vs once, SKILL.md first, then by rel
// (computed on first use, then kept: the view is never modified).
func (vs *vskill) files() []vfile {
	vs.once.Do(vs.load)
	return vs.fl
}

// fingerprint is vs's fingerprint (computed with files on first use).
func (vs *vskill) fingerprint() uint64 {
	vs.once.Do(vs.load)
	return vs.fp
}

func (vs *vskill) load() {
	vs.fl = filesOf(vs.sk, vs.nested)
	fp := fnv.New64a()
	io.WriteString(fp, vs.sk.Hash)
	var num [16]byte
	for _, f := range vs.fl {
		io.WriteString(fp, "\x00")
		io.WriteString(fp, f.rel)
		io.WriteString(fp, "\x00")
		io.WriteString(fp, f.info.Hash)
		binary.LittleEndian.PutUint64(num[:8], uint64(f.info.Size))
		binary.LittleEndian.PutUint64(num[8:], uint64(f.info.ModTime))
		fp.Write(num[:])
	}
	vs.fp = fp.Sum64()
}

// view is the extension's snapshot of the catalog, rebuilt on each catalog
// change and read without locks (it is replaced, never modified).
type view struct {
	gen    uint64             // the Extension.gen it was built at
	byPath map[string]*vskill // escaped skill path → skill
	byID   map[string]*vskill // catalog id → skill
	listed []*vskill          // sorted by URI
	// all holds every served skill, shadowed ones too, sorted by URI:
	// resources/list shows their SKILL.md.
	all []*vskill
	// others are the valid skills the extension leaves out but the tools
	// serve (names that break the rules, frontmatter that needed repair,
	// over the limits), not hidden ones; resources/list shows their
	// SKILL.md after the extension's, under the tools' URIs.
	others []*index.Skill
	// excluded maps the escaped skill path of a skill the extension does
	// not serve onto why, for skills/get's error.
	excluded map[string]string
	// notes are the log lines of this build (one per left-out reason).
	notes []note
}

// note is one log line about skills left out of the extension.
type note struct {
	msg   string
	count int
	ids   []string
}

// hidden reports whether the author hid the skill from the model
// (index.Skill.DisableModelInvocation: Claude Code's
// disable-model-invocation: true, Codex's allow_implicit_invocation:
// false): such a skill is not served through the extension at all, since a
// host would offer it to the model, unless the server exposes hidden skills
// (serve --expose-hidden).
func hidden(s *index.Skill) bool { return s.DisableModelInvocation }

// buildView computes the view from every skill the catalog knows (valid or
// not, shadowed or not: an invalid nested skill's files are still files of
// the skill around it).
func buildView(all []*index.Skill, exposeHidden bool) *view {
	v := &view{byPath: make(map[string]*vskill, len(all)), byID: make(map[string]*vskill, len(all)), excluded: map[string]string{}}
	// Sort by folder so that the skills nested in a folder follow it.
	// The order is that of Dir+"/" so that a folder's nested skills follow
	// it directly ("a/b" before "a-c", whose "-" sorts before "/").
	// The keys are copied next to the pointers: comparing through the
	// pointers reads 10,000 scattered structs per pass.
	type dirKey struct {
		dir string
		s   *index.Skill
	}
	keys := make([]dirKey, len(all))
	for i := range all {
		keys[i] = dirKey{all[i].Dir, all[i]}
	}
	slices.SortFunc(keys, func(a, b dirKey) int { return compareDirs(a.dir, b.dir) })
	byDir := make([]*index.Skill, len(all))
	for i, k := range keys {
		byDir[i] = k.s
	}

	reasons := map[string]*note{}
	exclude := func(s *index.Skill, path, why string) {
		if exposeHidden || !hidden(s) {
			v.others = append(v.others, s)
		}
		if path != "" {
			v.excluded[path] = why
		}
		n := reasons[why]
		if n == nil {
			n = &note{msg: why}
			reasons[why] = n
		}
		n.count++
		if len(n.ids) < 5 {
			n.ids = append(n.ids, s.ID)
		}
	}
	order := make([]*vskill, 0, len(byDir))
	// slab holds the skills in one allocation; its capacity is never
	// exceeded, so the pointers into it stay valid.
	slab := make([]vskill, 0, len(byDir))
	for i, s := range byDir {
		// rest: the skills after s in folder order; those nested in it
		// come first.
		rest := byDir[i+1:]
		if !s.Valid {
			continue
		}
		path := skillPath(s.ID, s.Name)
		switch {
		case !validName(s.Name):
			exclude(s, "", "its name breaks the Agent Skills naming rules (1-64 lowercase ASCII letters, digits and hyphens), so no skill:// URI can end in it")
			continue
		case hasDiag(s, skillmd.CodeYAMLRepaired):
			exclude(s, path, "its frontmatter is not valid YAML (skilldex reads it after quoting values), so no host could check the entry's frontmatter against the file")
			continue
		case hidden(s) && !exposeHidden:
			exclude(s, path, "its author hid it from the model (disable-model-invocation: true)")
			continue
		}
		slab = append(slab, vskill{id: s.ID, path: path, uri: Scheme + path + "/" + skillFileSegment, sk: s})
		vs := &slab[len(slab)-1]
		vs.nested = nestedIn(s, rest)
		vs.nfiles, vs.size = countFiles(s, vs.nested)
		if vs.nfiles > MaxFilesPerSkill || vs.size > MaxBytesPerSkill {
			why := fmt.Sprintf("it has %d files and %d bytes, over the SEP-2640 limits of %d files and %d bytes (16 MiB) per skill", vs.nfiles, vs.size, MaxFilesPerSkill, MaxBytesPerSkill)
			v.excluded[path] = why
			v.notes = append(v.notes, note{msg: why, count: 1, ids: []string{s.ID}})
			v.others = append(v.others, s)
			continue
		}
		if other, dup := v.byPath[path]; dup {
			// Only a folder whose name differs from its skill's name can
			// land on another skill's path (folder x named n, and a
			// folder x/n named n): the one whose folder is the path keeps it.
			if len(strings.Split(other.id, "/")) == len(skillPathSegments(s.ID, s.Name)) {
				exclude(s, "", "its skill:// path is taken by the skill in the folder of that name")
				continue
			}
			exclude(other.sk, "", "its skill:// path is taken by the skill in the folder of that name")
		}
		vs.listed = s.ShadowedBy == ""
		v.byPath[path] = vs
		order = append(order, vs)
	}
	// order is by folder, nearly the order of URIs: the sort finds runs
	// already in order.
	v.all = make([]*vskill, 0, len(v.byPath))
	for _, vs := range order {
		if v.byPath[vs.path] == vs { // not displaced by a later skill
			v.all = append(v.all, vs)
			v.byID[vs.id] = vs
		}
	}
	slices.SortFunc(v.all, func(a, b *vskill) int { return strings.Compare(a.uri, b.uri) })
	for _, vs := range v.all {
		if vs.listed {
			v.listed = append(v.listed, vs)
		}
	}
	whys := make([]string, 0, len(reasons))
	for k := range reasons {
		whys = append(whys, k)
	}
	sort.Strings(whys)
	for _, k := range whys {
		v.notes = append(v.notes, *reasons[k])
	}
	return v
}

// compareDirs orders folders as a+"/" and b+"/" compare, without
// building either string.
func compareDirs(a, b string) int {
	n := min(len(a), len(b))
	if c := strings.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	if len(a) == len(b) {
		return 0
	}
	// One is a prefix of the other: the shorter continues with "/".
	if len(a) == n {
		if b[n] < '/' {
			return 1
		}
		return -1
	}
	if a[n] < '/' {
		return -1
	}
	return 1
}

func hasDiag(s *index.Skill, code string) bool {
	for _, d := range s.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

// nestedIn returns the skills nested in s's folder: they follow it
// directly in rest (sorted by folder, Dir+"/").
func nestedIn(s *index.Skill, rest []*index.Skill) []*index.Skill {
	n := 0
	for n < len(rest) && under(rest[n].Dir, s.Dir) {
		n++
	}
	return rest[:n:n]
}

// under reports whether dir+"/" starts with parent+"/" (dir is parent or
// below it), without building either string.
func under(dir, parent string) bool {
	return strings.HasPrefix(dir, parent) && (len(dir) == len(parent) || dir[len(parent)] == '/')
}

// countFiles is the number of files filesOf(s, nested) lists and the sum
// of their sizes, without building the list.
func countFiles(s *index.Skill, nested []*index.Skill) (n int, size int64) {
	for _, fi := range s.Files {
		if fi.Path == skillFileSegment && fi.Path != s.SkillFile {
			continue
		}
		n, size = n+1, size+fi.Size
	}
	for _, ns := range nested {
		for _, fi := range ns.Files {
			n, size = n+1, size+fi.Size
		}
	}
	return n, size
}

// filesOf lists every file of s: its own (SKILL.md first, as rel
// "SKILL.md") and those of the skills nested in its folder (nestedIn).
func filesOf(s *index.Skill, nested []*index.Skill) []vfile {
	out := make([]vfile, 0, len(s.Files))
	for _, fi := range s.Files {
		f := vfile{rel: fi.Path, ownerID: s.ID, ownerRel: fi.Path, ownerDir: s.Dir, info: fi}
		if fi.Path == s.SkillFile {
			f.rel = skillFileSegment
			out = append([]vfile{f}, out...)
			continue
		}
		if fi.Path == skillFileSegment {
			continue // a second spelling of SKILL.md; the catalog chose the other
		}
		out = append(out, f)
	}
	prefix := s.Dir + "/"
	for _, n := range nested {
		sub := strings.TrimPrefix(n.Dir, prefix)
		sub = strings.ReplaceAll(sub, "\\", "/")
		for _, fi := range n.Files {
			out = append(out, vfile{rel: sub + "/" + fi.Path, ownerID: n.ID, ownerRel: fi.Path, ownerDir: n.Dir, info: fi, nested: true})
		}
	}
	if len(out) > 1 {
		tail := out[1:]
		if out[0].rel != skillFileSegment {
			tail = out
		}
		sort.Slice(tail, func(i, j int) bool { return tail[i].rel < tail[j].rel })
	}
	return out
}

// fileURI is the resource URI of a file of vs.
func (vs *vskill) fileURI(rel string) string {
	if rel == skillFileSegment {
		return vs.uri
	}
	return Scheme + vs.path + "/" + escapePath(rel)
}

// lookup finds the served skill whose path is a prefix of segs (the
// longest, since paths nest) and the rest of segs joined as a relative
// path ("" for the skill root).
func (v *view) lookup(segs []string) (*vskill, string, bool) {
	for n := len(segs); n > 0; n-- {
		if vs, ok := v.byPath[joinEscaped(segs[:n])]; ok {
			return vs, strings.Join(segs[n:], "/"), true
		}
	}
	return nil, "", false
}

// file finds a file of vs by rel (at most MaxFilesPerSkill to scan).
func (vs *vskill) file(rel string) (vfile, bool) {
	for _, f := range vs.files() {
		if f.rel == rel {
			return f, true
		}
	}
	return vfile{}, false
}
