package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// maxPathLen bounds a file path accepted by CleanRel: Linux's PATH_MAX.
// A longer path names no file, and echoing it back would bloat the error.
const maxPathLen = 4096

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

// Shown is the JSON document of a loaded skill, the one shape of
// `skilldex show --json` and GET /api/v1/skills/{id} (docs/json.md, "show").
type Shown struct {
	Skill Skill `json:"skill"`
	// BaseDir is Loaded.BaseDir; Content is SKILL.md exactly as on disk.
	BaseDir string `json:"base_dir"`
	Content string `json:"content"`
	// Files are Loaded.Files, [] when the skill has no file besides
	// SKILL.md.
	Files []string `json:"files"`
	// Source names where the skill was installed from (a skills
	// lockfile's source), when the CLI knows it; the API leaves it out.
	Source string `json:"source,omitempty"`
}

// Shown returns l as its JSON document.
func (l *Loaded) Shown() Shown {
	files := l.Files
	if files == nil {
		files = []string{}
	}
	return Shown{Skill: l.Skill, BaseDir: l.BaseDir, Content: l.Content, Files: files}
}

// Load returns a skill's SKILL.md and metadata. It never serves stale
// content: when SKILL.md changed on disk since it was indexed, the skill is
// re-read first. Errors as Resolve.
func (c *Catalog) Load(ctx context.Context, ref string) (*Loaded, error) {
	s, err := c.Resolve(ref)
	if err != nil {
		return nil, err
	}
	if s, err = c.files.fresh(ctx, s, s.SkillFile); err != nil {
		return nil, err
	}
	content, ok := c.files.cachedFile(&s, s.SkillFile, s.Hash)
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

// fileReads is the read path's state and checks: whether a file a read
// serves is newer on disk than the catalog (stale, one stat against the
// fingerprint), the memory of files a walk left out (unlisted), and the
// content cache checked against each file's SHA-256 (cachedFile). A read
// that finds a file stale does not refresh anything itself: it asks the
// refresher to catch up (catchUp) and waits; content that fails its
// SHA-256 goes to the repairer. It takes no lock of its own, and never
// the writers' lock.
type fileReads struct {
	view     *view
	pair     *pair
	ref      *refresher
	repair   *repairer
	unlisted unlistedFiles
}

// fresh returns the skill s as the catalog knows it once its file rel is
// known current: when rel changed on disk since it was indexed (or
// appeared), the refresher brings the skill's folder up to date first, so
// the answer reflects the disk now. The watcher makes this rare; it is the
// guarantee, not the mechanism. Errors: those of the refresh, a
// *NotFoundError when the skill is gone, an *InvalidSkillError when it is
// no longer served.
func (c *fileReads) fresh(ctx context.Context, s Skill, rel string) (Skill, error) {
	if !c.stale(&s, rel) {
		return s, nil
	}
	behind := func() bool {
		cur, ok := c.view.get(s.ID)
		return !ok || c.stale(cur, rel)
	}
	if err := c.ref.catchUp(ctx, filepath.Join(s.Dir, filepath.FromSlash(rel)), behind); err != nil {
		return Skill{}, err
	}
	n, err := c.view.servedByID(s.ID, s.Name)
	if err != nil {
		return Skill{}, err
	}
	if _, listed := findFile(n.Files, rel); !listed {
		c.unlisted.remember(n, rel)
	}
	return *n, nil
}

// stale reports whether the file rel of s differs on disk from its
// fingerprint (or vanished). One stat.
func (c *fileReads) stale(s *Skill, rel string) bool {
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
	return err == nil && !c.unlisted.known(s, rel)
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

// unlistedFiles remembers files that a re-walk on the read path did not
// list, per skill record (see stale). It owns its lock, mu, a leaf: its
// methods take it and call nothing else.
type unlistedFiles struct {
	mu sync.Mutex
	m  map[string]*FileInfo
}

// known reports whether a walk of s's record did not list rel.
func (u *unlistedFiles) known(s *Skill, rel string) bool {
	k := unlistedKey(s)
	u.mu.Lock()
	defer u.mu.Unlock()
	return k != nil && u.m[s.ID+"\x00"+rel] == k
}

// remember notes that a walk of s's record did not list rel.
func (u *unlistedFiles) remember(s *Skill, rel string) {
	k := unlistedKey(s)
	if k == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.m == nil || len(u.m) >= maxUnlisted {
		u.m = map[string]*FileInfo{}
	}
	u.m[s.ID+"\x00"+rel] = k
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
	if s, err = c.files.fresh(ctx, s, clean); err != nil {
		return nil, err
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
		return nil, fmt.Errorf("%w: %s is %d bytes; files are served up to %d bytes (1 MiB)", ErrTooLarge, fi.Path, fi.Size, MaxFileSize)
	}
	data, ok := c.files.cachedFile(&s, fi.Path, fi.Hash)
	if !ok {
		if data, err = readInside(s, fi.Path); err != nil {
			return nil, err
		}
	}
	if !isText(data) {
		return nil, fmt.Errorf("%w: %s is binary; only UTF-8 text files are served", ErrBinary, fi.Path)
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
func readInside(s Skill, rel string) ([]byte, error) {
	data, err := ReadFromDisk(s, rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &FileNotFoundError{SkillID: s.ID, Path: rel}
	}
	return data, err
}
