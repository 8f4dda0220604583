package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/search"
)

// maxNameLen bounds a skill name or id accepted by lookups; ids are folder
// paths, so the bound is generous, but a 10 KB name is refused early.
const maxNameLen = 1024

// maxPathLen bounds a file path accepted by CleanRel: Linux's PATH_MAX.
// A longer path names no file, and echoing it back would bloat the error.
const maxPathLen = 4096

// ListOptions select which skills List returns.
type ListOptions struct {
	// IncludeShadowed also lists skills whose name another skill wins.
	IncludeShadowed bool
	// IncludeInvalid also lists skills that failed validation.
	IncludeInvalid bool
}

// List returns copies of the catalog's skills sorted by name
// (case-insensitive, NFC), then id. By default only served skills that win
// their name.
func (c *Catalog) List(opts ListOptions) []Skill {
	c.mu.RLock()
	out := make([]Skill, 0, len(c.skills))
	keys := make([]string, 0, len(c.skills))
	for _, s := range c.skills {
		if (!s.Valid && !opts.IncludeInvalid) || (s.ShadowedBy != "" && !opts.IncludeShadowed) {
			continue
		}
		out = append(out, *s)
		keys = append(keys, fold(s.Name)+"\x00"+s.ID)
	}
	c.mu.RUnlock()
	sort.Sort(byKey{out, keys})
	return out
}

// byKey sorts skills by precomputed keys: folding a name costs a Unicode
// normalisation, too much to repeat in every comparison.
type byKey struct {
	s    []Skill
	keys []string
}

func (b byKey) Len() int           { return len(b.s) }
func (b byKey) Less(i, j int) bool { return b.keys[i] < b.keys[j] }
func (b byKey) Swap(i, j int) {
	b.s[i], b.s[j] = b.s[j], b.s[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

// Len returns the number of served skills (valid, shadowed included).
func (c *Catalog) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	n := 0
	for _, s := range c.skills {
		if s.Valid {
			n++
		}
	}
	return n
}

// Diagnostics returns every problem the catalog knows: those of the walk
// (unreadable folders, depth bound, links) and those of each skill, sorted
// by file then line.
func (c *Catalog) Diagnostics() []skillmd.Diagnostic {
	c.mu.RLock()
	out := append([]skillmd.Diagnostic(nil), c.walk...)
	for _, s := range c.skills {
		out = append(out, s.Diagnostics...)
		if s.ShadowedBy != "" {
			w := c.skills[s.ShadowedBy]
			out = append(out, skillmd.Diagnostic{Severity: skillmd.SeverityWarning, Code: "shadowed", File: s.SkillPath(),
				Message: fmt.Sprintf("name %q is shadowed by skill %q (%s); this copy is reachable only by its id %q", s.Name, w.ID, w.SkillPath(), s.ID),
				Fix:     "rename one of the skills, or remove the duplicate"})
		}
	}
	c.mu.RUnlock()
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

// Resolve finds a skill by id (exact) or by name (case-insensitive, NFC;
// the winner of a shadowed name). Errors: ErrBadName for an empty, over
// long or NUL-holding reference; *InvalidSkillError when the skill exists
// but is not served; *NotFoundError (with close names) otherwise.
func (c *Catalog) Resolve(ref string) (Skill, error) {
	raw := ref // an id may begin or end with a space: a folder name may
	ref = strings.TrimSpace(ref)
	switch {
	case ref == "":
		return Skill{}, fmt.Errorf("%w: the skill name is empty; pass a name from list_skills", ErrBadName)
	case len(ref) > maxNameLen:
		return Skill{}, fmt.Errorf("%w: the skill name is %d bytes long; names are at most 64 characters and ids at most %d bytes", ErrBadName, len(ref), maxNameLen)
	case strings.ContainsRune(ref, 0):
		return Skill{}, fmt.Errorf("%w: the skill name contains a NUL byte", ErrBadName)
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	s, ok := c.skills[raw]
	if !ok {
		s, ok = c.skills[ref]
	}
	if ok {
		if !s.Valid {
			return Skill{}, &InvalidSkillError{Skill: *s}
		}
		return *s, nil
	}
	k := fold(ref)
	if id, ok := c.byName[k]; ok {
		return *c.skills[id], nil
	}
	for _, s := range c.skills {
		if !s.Valid && (fold(s.Name) == k || fold(filepath.Base(s.Dir)) == k) {
			return Skill{}, &InvalidSkillError{Skill: *s}
		}
	}
	names := make([]string, 0, len(c.byName))
	for _, id := range c.byName {
		names = append(names, c.skills[id].Name)
	}
	return Skill{}, &NotFoundError{Name: ref, Suggestions: suggest(ref, names, 5), Total: len(names)}
}

// Loaded is a skill's SKILL.md with everything an agent needs to use it:
// level 2 of progressive disclosure.
type Loaded struct {
	Skill Skill
	// Content is SKILL.md exactly as on disk.
	Content string
	// Body is the markdown after the frontmatter.
	Body string
	// BaseDir is the absolute skill folder against which the files and
	// references resolve.
	BaseDir string
	// Files are the skill's other files (slash-separated, relative to
	// BaseDir), sorted.
	Files []string
}

// Load returns a skill's SKILL.md and metadata. It never serves stale
// content: when SKILL.md changed on disk since it was indexed, the skill is
// re-read first. Errors as Resolve.
func (c *Catalog) Load(ctx context.Context, ref string) (*Loaded, error) {
	s, err := c.Resolve(ref)
	if err != nil {
		return nil, err
	}
	if c.stale(&s, s.SkillFile) {
		if s, err = c.refreshSkill(ctx, s, s.SkillFile); err != nil {
			return nil, err
		}
	}
	content, ok := c.cachedFile(&s, s.SkillFile, s.Hash)
	if !ok {
		if content, err = ReadFromDisk(s, s.SkillFile); err != nil {
			return nil, fmt.Errorf("read %s: %w", s.SkillPath(), err)
		}
	}
	l := &Loaded{Skill: s, Content: string(content), Body: bodyOf(content), BaseDir: s.Dir}
	for _, f := range s.Files {
		if f.Path != s.SkillFile {
			l.Files = append(l.Files, f.Path)
		}
	}
	return l, nil
}

// stale reports whether the file rel of s differs on disk from its
// fingerprint (or vanished). One stat.
func (c *Catalog) stale(s *Skill, rel string) bool {
	st, err := os.Stat(filepath.Join(s.Dir, filepath.FromSlash(rel)))
	for _, f := range s.Files {
		if f.Path == rel {
			return err != nil || st.Size() != f.Size || st.ModTime().UnixNano() != f.ModTime
		}
	}
	// A file that appeared since the last walk, unless a walk of this very
	// record already left it out (.git/…, node_modules/…, a link leading
	// out of the folder): reading such a file must not walk the folder
	// again on every call.
	return err == nil && !c.knownUnlisted(s, rel)
}

// maxUnlisted bounds the memory of files walks left out; past it the
// memory starts afresh.
const maxUnlisted = 4096

// unlistedKey identifies a skill record: an unchanged skill keeps its
// record (and its Files array) across refreshes, a changed one gets a new
// one, so a remembered omission lapses with the change.
func unlistedKey(s *Skill) *FileInfo {
	if len(s.Files) == 0 {
		return nil
	}
	return &s.Files[0]
}

func (c *Catalog) knownUnlisted(s *Skill, rel string) bool {
	k := unlistedKey(s)
	c.unlistedMu.Lock()
	defer c.unlistedMu.Unlock()
	return k != nil && c.unlisted[s.ID+"\x00"+rel] == k
}

// rememberUnlisted notes that a walk of s's record did not list rel.
func (c *Catalog) rememberUnlisted(s *Skill, rel string) {
	k := unlistedKey(s)
	if k == nil {
		return
	}
	c.unlistedMu.Lock()
	defer c.unlistedMu.Unlock()
	if c.unlisted == nil || len(c.unlisted) >= maxUnlisted {
		c.unlisted = map[string]*FileInfo{}
	}
	c.unlisted[s.ID+"\x00"+rel] = k
}

// refreshSkill re-reads one skill folder after a change to its file rel
// was noticed on the read path, so the answer reflects the disk now. The
// watcher makes this rare; it is the guarantee, not the mechanism. While
// a skill is being edited, many reads notice the same change at once: each
// first waits for the refresh in progress (the watcher's, or another
// read's) and walks the folder again only if the file is still newer than
// the catalog, so concurrent reads do not queue one refresh each.
func (c *Catalog) refreshSkill(ctx context.Context, s Skill, rel string) (Skill, error) {
	c.refreshMu.Lock()
	cur, ok := c.skillByID(s.ID)
	still := !ok || c.stale(cur, rel)
	c.refreshMu.Unlock()
	if still {
		c.readWalks.Add(1)
		if _, err := c.RefreshPaths(ctx, []string{filepath.Join(s.Dir, filepath.FromSlash(rel))}); err != nil {
			return Skill{}, err
		}
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	n, ok := c.skills[s.ID]
	switch {
	case !ok:
		return Skill{}, &NotFoundError{Name: s.Name, Total: len(c.byName)}
	case !n.Valid:
		return Skill{}, &InvalidSkillError{Skill: *n}
	}
	if _, listed := findFile(n.Files, rel); !listed {
		c.rememberUnlisted(n, rel)
	}
	return *n, nil
}

// File is a file of a skill: level 3 of progressive disclosure.
type File struct {
	SkillID string `json:"skill_id"`
	// Path is slash-separated, relative to the skill folder, spelled as
	// on disk.
	Path    string `json:"path"`
	Content string `json:"content"`
	Size    int64  `json:"size"`
}

// CleanRel validates a path relative to a skill folder and returns it
// cleaned and slash-separated. It refuses, before touching the disk,
// empty paths, paths over 4096 bytes, absolute paths (/x, C:\x, \\host),
// "~", backslashes, NUL bytes and any ".." that climbs out of the folder,
// with an error wrapping ErrOutside or ErrFileNotFound.
func CleanRel(rel string) (string, error) {
	switch {
	case strings.TrimSpace(rel) == "":
		return "", fmt.Errorf("%w: the file path is empty; pass a path relative to the skill folder such as references/guide.md", ErrFileNotFound)
	case len(rel) > maxPathLen:
		return "", fmt.Errorf("%w: the file path is %d bytes long; paths are at most %d bytes", ErrFileNotFound, len(rel), maxPathLen)
	case strings.ContainsRune(rel, 0):
		return "", fmt.Errorf("%w: the file path contains a NUL byte", ErrOutside)
	case strings.ContainsRune(rel, '\\'):
		return "", fmt.Errorf("%w: %q uses backslashes; use forward slashes relative to the skill folder", ErrOutside, rel)
	case strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, "~") || filepath.IsAbs(rel) || (len(rel) > 1 && rel[1] == ':'):
		return "", fmt.Errorf("%w: %q is absolute; pass a path relative to the skill folder", ErrOutside, rel)
	}
	clean := path.Clean(rel)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%w: %q climbs out of the skill folder", ErrOutside, rel)
	}
	if clean == "." {
		return "", fmt.Errorf("%w: %q names the skill folder itself; pass a file in it", ErrFileNotFound, rel)
	}
	return clean, nil
}

// ReadFile returns a text file of a skill. rel is relative to the skill
// folder; it must name a file the skill lists (an exact match, or a unique
// case-insensitive one). Nothing outside the skill folder is ever read,
// links included. Errors: those of Resolve and CleanRel,
// *FileNotFoundError, ErrTooLarge (over MaxFileSize), ErrBinary.
func (c *Catalog) ReadFile(ctx context.Context, ref, rel string) (*File, error) {
	s, err := c.Resolve(ref)
	if err != nil {
		return nil, err
	}
	clean, err := CleanRel(rel)
	if err != nil {
		return nil, err
	}
	if c.stale(&s, clean) {
		if s, err = c.refreshSkill(ctx, s, clean); err != nil {
			return nil, err
		}
	}
	fi, ok := findFile(s.Files, clean)
	if !ok {
		names := make([]string, len(s.Files))
		for i, f := range s.Files {
			names[i] = f.Path
		}
		return nil, &FileNotFoundError{SkillID: s.ID, Path: rel, Suggestions: suggest(clean, names, 5)}
	}
	if fi.Size > MaxFileSize {
		return nil, fmt.Errorf("%w: %s is %d bytes; read_file serves files up to %d bytes (1 MiB)", ErrTooLarge, fi.Path, fi.Size, MaxFileSize)
	}
	data, ok := c.cachedFile(&s, fi.Path, fi.Hash)
	if !ok {
		if data, err = c.readInside(s, fi.Path); err != nil {
			return nil, err
		}
	}
	if !isText(data) {
		return nil, fmt.Errorf("%w: %s is binary; read_file serves UTF-8 text only", ErrBinary, fi.Path)
	}
	return &File{SkillID: s.ID, Path: fi.Path, Content: string(data), Size: int64(len(data))}, nil
}

// findFile looks rel up in files: exactly, else case-insensitively when
// exactly one file matches.
func findFile(files []FileInfo, rel string) (FileInfo, bool) {
	var fold []FileInfo
	for _, f := range files {
		if f.Path == rel {
			return f, true
		}
		if strings.EqualFold(f.Path, rel) {
			fold = append(fold, f)
		}
	}
	if len(fold) == 1 {
		return fold[0], true
	}
	return FileInfo{}, false
}

// readInside reads a skill file from its folder on disk (see
// ReadFromDisk); a file that is not there is a *FileNotFoundError.
func (c *Catalog) readInside(s Skill, rel string) ([]byte, error) {
	data, err := ReadFromDisk(s, rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &FileNotFoundError{SkillID: s.ID, Path: rel}
	}
	return data, err
}

// SearchRequest is a ranked search over the served skills.
type SearchRequest struct {
	// Query is free text; empty or whitespace is search.ErrEmptyQuery.
	Query string
	// Limit is the number of hits; 0 means 10.
	Limit int
	// MinScore drops hits scoring below it (scores are relative to the
	// query, see search.Hit.Score; top hits are mostly 0.5-3 on a large
	// catalog); 0 keeps all.
	MinScore float64
	// Keywords: extra terms fused with Query (see search.Request.Keywords).
	Keywords []string
}

// SearchHit is one ranked skill with why it matched.
type SearchHit struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Path        string  `json:"path" jsonschema:"absolute path of SKILL.md"`
	Score       float64 `json:"score" jsonschema:"relevance, higher is better; comparable only within one query"`
	// Confidence: see search.Hit.Confidence.
	Confidence float64 `json:"confidence" jsonschema:"0-1 estimate that this skill is a good match, comparable across queries"`
	// Matched maps a field (name, description, tags, body) to the query
	// terms found in it.
	Matched    map[string][]string `json:"matched,omitempty" jsonschema:"why it matched: field (name, description, tags, body) to the query terms found there, stemmed"`
	ShadowedBy string              `json:"shadowed_by,omitempty" jsonschema:"id of the skill that wins this name"`
	// AlsoAt lists the ids of other served skills whose SKILL.md is
	// byte-identical to this one (same Skill.Hash), sorted: exact
	// duplicates are folded into the best-ranked copy instead of filling
	// the result list with the same skill.
	AlsoAt []string `json:"also_at,omitempty" jsonschema:"ids of identical copies of this skill (same SKILL.md) folded into this result"`
}

// SearchResult is the answer to a SearchRequest.
type SearchResult struct {
	Query string      `json:"query"`
	Hits  []SearchHit `json:"hits"`
	// Total is the number of skills that matched at all, each copy of a
	// duplicated SKILL.md counted.
	Total int `json:"total"`
	// BodiesPending is the number of skills whose body text is not
	// searchable yet (a serving catalog indexes names, descriptions and
	// tags first and bodies in the background; see BodiesPending); 0 when
	// the search covered everything.
	BodiesPending int `json:"bodies_pending,omitempty"`
	// NoGoodMatch: no hit is a confident match (see search.Result.NoGoodMatch).
	NoGoodMatch bool `json:"no_good_match"`
}

// maxSearchFetch bounds the hits one search reads from the index while
// making up for skipped copies.
const maxSearchFetch = 4096

// collectHits appends to out, best first, up to limit of hits that are
// served skills, listing each SKILL.md content once.
func (c *Catalog) collectHits(out *SearchResult, hits []search.Hit, limit int) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	seen := map[string]bool{} // SKILL.md hashes already listed
	for _, h := range hits {
		s, ok := c.skills[h.ID]
		if !ok || !s.Valid {
			continue // removed or invalidated since it was indexed
		}
		if s.Hash != "" {
			if seen[s.Hash] {
				continue
			}
			seen[s.Hash] = true
		}
		if len(out.Hits) == limit {
			break
		}
		out.Hits = append(out.Hits, SearchHit{ID: s.ID, Name: s.Name, Description: s.Description, Path: s.SkillPath(),
			Score: h.Score, Confidence: h.Confidence, Matched: h.Matched, ShadowedBy: s.ShadowedBy})
	}
}

// searchSlack is how many extra index hits Search asks for beyond the
// limit, to make up for hits dropped as invalid or folded as duplicates.
const searchSlack = 8

// Search ranks the served skills for a free-text query: name weighs 3,
// description 2, tags 1 and the body less (see package search). Shadowed
// skills stay searchable and say which skill wins their name. Skills with
// the same SKILL.md content appear once, at the rank of the best copy,
// with the others in AlsoAt; edited copies under the same name (the
// near-duplicate families of skills copied across repositories) are listed
// right after the best-ranked one, so they stay together. Measured with
// `skilldex eval` on the corpus: folding and grouping change no rank@k on
// either query set and raise nDCG@10 slightly (0.821 -> 0.824 on
// QUERIES.tsv), while the list shows more distinct skills.
func (c *Catalog) Search(ctx context.Context, req SearchRequest) (*SearchResult, error) {
	limit := req.Limit
	if limit <= 0 {
		limit = 10
	}
	_, ix := c.backends()
	// Hits skipped below (copies of a listed SKILL.md, skills invalidated
	// since indexing) are made up for by asking for more: one skill copied
	// across a dozen repositories fills a window of limit+slack alone.
	fetch := limit + searchSlack
	var out *SearchResult
	for {
		res, err := ix.Search(ctx, search.Request{Query: req.Query, Limit: fetch, MinScore: req.MinScore, Keywords: req.Keywords})
		if err != nil {
			if searchDamaged(ctx, err) {
				c.damaged(fmt.Errorf("%w: search index: %w", errDamaged, err))
			}
			return nil, err
		}
		out = &SearchResult{Query: req.Query, Total: int(res.Total), Hits: []SearchHit{}, BodiesPending: c.BodiesPending(),
			NoGoodMatch: res.NoGoodMatch}
		c.collectHits(out, res.Hits, limit)
		if len(out.Hits) == limit || len(res.Hits) < fetch || fetch >= maxSearchFetch {
			break
		}
		fetch *= 4
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	c.fillAlsoAt(out.Hits)
	groupByName(out.Hits)
	return out, nil
}

// groupByName moves each hit up to just below the best-ranked hit with the
// same name (case-insensitive): the same skill copied across repositories
// and edited stays together. The order is otherwise kept.
func groupByName(hits []SearchHit) {
	out := make([]SearchHit, 0, len(hits))
	used := make([]bool, len(hits))
	for i := range hits {
		if used[i] {
			continue
		}
		key := fold(hits[i].Name)
		for j := i; j < len(hits); j++ {
			if !used[j] && fold(hits[j].Name) == key {
				used[j] = true
				out = append(out, hits[j])
			}
		}
	}
	copy(hits, out)
}

// fillAlsoAt sets AlsoAt of each hit to the other valid skills with its
// SKILL.md hash: one pass over the catalog (tens of microseconds for a few
// thousand skills), so copies ranked beyond the fetched window are listed
// too. Callers hold c.mu.
func (c *Catalog) fillAlsoAt(hits []SearchHit) {
	// Byte-identical SKILL.md files share their name, so the copies of a
	// hit are among the skills of its name group, not the whole catalog.
	for i, h := range hits {
		s := c.skills[h.ID]
		if s == nil || s.Hash == "" {
			continue
		}
		for _, id := range c.groups[fold(s.Name)] {
			if o := c.skills[id]; o != nil && o.Valid && id != h.ID && o.Hash == s.Hash {
				hits[i].AlsoAt = append(hits[i].AlsoAt, id)
			}
		}
		sort.Strings(hits[i].AlsoAt)
	}
}

// SplitPath splits "ID/REL" (as in a skill:// resource URI) into a skill id
// and a file path relative to it, trying the longest id first since ids
// contain slashes. ok is false when no served skill id is a prefix.
func (c *Catalog) SplitPath(p string) (id, rel string, ok bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for i := len(p); i > 0; i-- {
		if i < len(p) && p[i] != '/' {
			continue
		}
		if s, found := c.skills[p[:i]]; found && s.Valid {
			return p[:i], strings.TrimPrefix(p[i:], "/"), true
		}
	}
	return "", "", false
}
