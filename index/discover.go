package index

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/index/skillmd"
)

// DefaultMaxDepth bounds how deep a root is walked (folders below the
// root). Real catalogs nest skills 2-5 levels deep (owner/repo/plugins/x/
// skills/y); 8 leaves room without walking whole home directories.
const DefaultMaxDepth = 8

// MaxFilesPerSkill bounds how many files one skill folder lists; the corpus
// has a skill with about 1,000 reference files, so 10,000 leaves a margin
// while keeping a hostile folder from exhausting memory.
const MaxFilesPerSkill = 10000

// Root is one folder of skills. Roots are ordered by priority: a skill in an
// earlier root wins a shared name (see Skill.ShadowedBy).
type Root struct {
	// Path is the folder; made absolute by Open.
	Path string `json:"path" yaml:"path"`
	// Label says where the root belongs: "project", "personal" or
	// "global". Profiles render it (the MCP skill seed's <location>
	// project|global</location>, the Wave seed's personal|project; both in
	// tools/testdata/seeds/).
	Label string `json:"label,omitempty" yaml:"label,omitempty"`
}

// FileInfo is the fingerprint of one file in a skill folder.
type FileInfo struct {
	// Path is slash-separated, relative to the skill folder.
	Path string `json:"path"`
	Size int64  `json:"size"`
	// ModTime is the modification time in Unix nanoseconds.
	ModTime int64 `json:"mtime"`
	// Hash is the hex SHA-256 of the content; empty until the file was
	// read (files over MaxFileSize are never hashed).
	Hash string `json:"hash,omitempty"`
}

// found is a skill folder seen by the walk, before parsing.
type found struct {
	root      int
	dir       string // absolute path as reached (may pass through links)
	realDir   string // the same folder with links resolved
	rel       string // slash-separated path from the root; "." for the root itself
	depth     int
	skillFile string // base name of SKILL.md as spelled on disk
	files     []FileInfo
	truncated bool // more than MaxFilesPerSkill files
}

// newFound is the walk's record of the skill folder dir (reached as dir,
// really at realDir), rel from root number root at depth, whose SKILL.md
// is spelled skillFile, with the fingerprints files.
func newFound(root int, dir, realDir, rel string, depth int, skillFile string, files []FileInfo) *found {
	return &found{root: root, dir: dir, realDir: realDir, rel: rel, depth: depth, skillFile: skillFile, files: files}
}

type walker struct {
	maxDepth int
	visited  map[string]bool // real folder paths already walked
	// walked, for a parallel sub-walker, is its parent's visited set as it
	// was when the sub-walks began (read only): folders an earlier root
	// already walked are not walked, nor reported, again.
	walked map[string]bool
	found  []*found
	diags  []skillmd.Diagnostic

	// dirs, when set, lists the folders that did not change since the
	// last full walk (see readDir); listed collects the listings for the
	// next walk, since is the change time a folder must be older than to
	// be recorded, and the counts say how many folders came from each
	// source.
	dirs                  *dirCache
	listed                map[string]*dirListing
	since                 int64
	localDev              uint64 // the device of the root being walked; 0: no listing used or recorded
	cachedDirs, freshDirs int
}

// discover walks every root and returns the skill folders found in priority
// order, plus diagnostics for what it could not walk. A missing root is
// skipped silently, per the MCP skill seed (tools/testdata/seeds/mcp-skill-tool.md: "Missing Directory: skip
// directory silently").
func discover(roots []Root, maxDepth int) ([]*found, []skillmd.Diagnostic) {
	w := discoverWith(roots, maxDepth, nil)
	return w.found, w.diags
}

// discoverWith is discover listing unchanged folders from dirs (nil: read
// every folder); the walker it returns holds what it found and the
// listings for the next walk (nextDirs).
func discoverWith(roots []Root, maxDepth int, dirs *dirCache) *walker {
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	w := &walker{maxDepth: maxDepth, visited: map[string]bool{}}
	if dirs != nil {
		w.dirs, w.listed, w.since = dirs, map[string]*dirListing{}, time.Now().Add(-dirCacheMargin).UnixNano()
	}
	for i, r := range roots {
		real, err := filepath.EvalSymlinks(r.Path)
		if err != nil {
			if !os.IsNotExist(err) {
				w.diag("root-unreadable", r.Path, fmt.Sprintf("cannot resolve skill root: %v", err), "check the path and its permissions")
			}
			continue
		}
		st, err := os.Stat(real)
		if err != nil || !st.IsDir() {
			if err == nil {
				w.diag("root-not-dir", r.Path, "skill root is not a folder", "pass a folder that contains skill folders")
			}
			continue
		}
		if w.dirs != nil {
			w.localDev = localDevice(real)
		}
		w.walkRoot(i, filepath.Clean(r.Path), real) // clean, as joinName wants
	}
	return w
}

// walkRoot walks one root. When the root is not itself a skill, its
// top-level folders are walked in parallel (reading folders and stating
// files is most of a warm start) and their results joined in the order a
// single walk would give. A real folder reached from two top-level
// folders (through a link) is walked by both and its skills kept once,
// from the first; only their diagnostics may then repeat.
func (w *walker) walkRoot(root int, dir, realDir string) {
	entries, err := w.readDir(dir)
	workers := runtime.GOMAXPROCS(0)
	if err != nil || w.visited[realDir] || workers < 2 || len(entries) < 2 || hasSkillFile(dir, realDir, entries) {
		w.walk(root, dir, realDir, ".", 0, nil)
		return
	}
	w.visited[realDir] = true
	subs := make([]*walker, len(entries))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(entries)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				sub := &walker{maxDepth: w.maxDepth, visited: map[string]bool{realDir: true}, walked: w.visited, dirs: w.dirs, since: w.since, localDev: w.localDev}
				if w.dirs != nil {
					sub.listed = map[string]*dirListing{}
				}
				sub.entry(root, dir, realDir, ".", 0, nil, entries[k])
				subs[k] = sub
			}
		}()
	}
	for k := range entries {
		next <- k
	}
	close(next)
	wg.Wait()
	for _, sub := range subs {
		w.diags = append(w.diags, sub.diags...)
		for _, f := range sub.found {
			if !w.visited[f.realDir] {
				w.visited[f.realDir] = true
				w.found = append(w.found, f)
			}
		}
		for d := range sub.visited {
			w.visited[d] = true
		}
		maps.Copy(w.listed, sub.listed)
		w.cachedDirs += sub.cachedDirs
		w.freshDirs += sub.freshDirs
	}
}

func (w *walker) diag(code, file, msg, fix string) {
	w.diags = append(w.diags, skillmd.Diagnostic{Severity: skillmd.SeverityWarning, Code: code, File: file, Message: msg, Fix: fix})
}

// walk visits dir (reached as dir, really at realDir). owner is the skill
// whose folder encloses dir, if any; a folder with its own SKILL.md becomes
// the owner of its subtree (nested skills are skills too).
func (w *walker) walk(root int, dir, realDir, rel string, depth int, owner *found) {
	if w.visited[realDir] || w.walked[realDir] {
		return
	}
	w.visited[realDir] = true
	entries, err := w.readDir(dir)
	if err != nil {
		w.diag("folder-unreadable", dir, fmt.Sprintf("cannot read folder: %v", err), "fix its permissions or remove it from the root")
		return
	}
	sf, refused := skillFileIn(dir, realDir, entries)
	if refused != "" {
		w.diag("symlink-outside", refused, "SKILL.md is a link that points outside its folder; the folder is not a skill", "copy the file into the folder instead of linking it")
	}
	if sf != "" {
		owner = newFound(root, dir, realDir, rel, depth, sf, nil)
		w.found = append(w.found, owner)
	}
	for _, e := range entries {
		w.entry(root, dir, realDir, rel, depth, owner, e)
	}
}

// entry handles one entry e of the folder dir: a folder is walked, a
// regular file is added to owner's files.
func (w *walker) entry(root int, dir, realDir, rel string, depth int, owner *found, e os.DirEntry) {
	name := e.Name()
	full := joinName(dir, name)
	mode := e.Type()
	var info fs.FileInfo
	if mode&fs.ModeSymlink != 0 {
		st, err := os.Stat(full)
		if err != nil {
			return // dangling link: nothing to serve
		}
		info, mode = st, st.Mode().Type()
	}
	childRel := name
	if rel != "." {
		childRel = rel + "/" + name
	}
	if mode.IsDir() {
		if filewatcher.SkipDir(name) {
			return
		}
		childReal := joinName(realDir, name)
		if e.Type()&fs.ModeSymlink != 0 {
			var err error
			if childReal, err = filepath.EvalSymlinks(full); err != nil {
				return
			}
			if childReal == realDir || strings.HasPrefix(realDir, childReal+string(filepath.Separator)) {
				w.diag("symlink-cycle", full, "symbolic link points back to a folder that contains it; not followed", "remove the link or point it elsewhere")
				return
			}
			// Inside a skill folder a link may not lead out of it (to
			// /etc, or to another skill): nothing outside a skill folder
			// is read. Links between the root and a skill folder are how
			// catalogs are assembled; they stay.
			if owner != nil && !within(owner.realDir, childReal) {
				w.diag("symlink-outside", full, "folder is a link that points outside its skill folder; not followed", "copy the folder into the skill folder instead of linking it")
				return
			}
		}
		if depth+1 > w.maxDepth {
			w.diag("depth-limit", full, fmt.Sprintf("folder is deeper than the walk bound of %d levels; not walked", w.maxDepth), "raise --max-depth or add this folder as a root")
			return
		}
		w.walk(root, full, childReal, childRel, depth+1, owner)
		return
	}
	if owner == nil || !mode.IsRegular() {
		return // FIFOs, devices and sockets are never opened
	}
	if info == nil {
		var err error
		if info, err = e.Info(); err != nil {
			return
		}
	} else if real, err := filepath.EvalSymlinks(full); err != nil || !within(owner.realDir, real) {
		w.diag("symlink-outside", full, "file is a link that points outside its skill folder; not served", "copy the file into the skill folder instead of linking it")
		return
	}
	if len(owner.files) >= MaxFilesPerSkill {
		if !owner.truncated {
			owner.truncated = true
			w.diag("too-many-files", owner.dir, fmt.Sprintf("skill folder has more than %d files; the rest are not listed", MaxFilesPerSkill), "move bulk data out of the skill folder")
		}
		return
	}
	frel := childRel
	if n := len(owner.rel); owner.rel != "." && len(childRel) > n && childRel[n] == '/' && childRel[:n] == owner.rel {
		frel = childRel[n+1:]
	}
	owner.files = append(owner.files, FileInfo{Path: frel, Size: info.Size(), ModTime: info.ModTime().UnixNano()})
}

// joinName is filepath.Join(dir, name) for a clean dir and a name read
// from it (never "", ".", ".." nor holding a separator), without Join's
// Clean: the walk joins a path per entry, and Clean was a sixth of the
// CPU of a warm one-shot command.
func joinName(dir, name string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// skillFileIn returns the name of the SKILL.md in entries, matched
// case-insensitively (SKILL.md, skill.md and SKILL.MD all occur in real
// catalogs); the exact spelling SKILL.md wins when several exist. A
// SKILL.md that is a link leading out of the folder (really at realDir)
// does not count: refused is its path, for the walk to report.
func skillFileIn(dir, realDir string, entries []os.DirEntry) (name, refused string) {
	best := ""
	for _, e := range entries {
		if !strings.EqualFold(e.Name(), "SKILL.md") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		// The entry's type is known from the folder listing; only a
		// link needs a stat to see what it points to.
		if t := e.Type(); !t.IsRegular() {
			if t&fs.ModeSymlink == 0 {
				continue
			}
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				continue
			}
		}
		if e.Type()&fs.ModeSymlink != 0 {
			if real, err := filepath.EvalSymlinks(p); err != nil || !within(realDir, real) {
				refused = p
				continue
			}
		}
		if e.Name() == "SKILL.md" {
			return e.Name(), refused
		}
		if best == "" {
			best = e.Name()
		}
	}
	return best, refused
}

// within reports whether p is dir or inside it; both must be clean,
// absolute and free of links.
func within(dir, p string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// skillIDs assigns each found skill its id: the slash-separated folder path
// relative to its root, or the root folder's own name when the root is
// itself a skill. When a lower-priority root holds the same relative path,
// its id is prefixed with "<root number>:" (1-based) to keep ids unique;
// so is an id of nothing but spaces.
func skillIDs(fs []*found, roots []Root) []string {
	ids := make([]string, len(fs))
	seen := map[string]bool{}
	for i, f := range fs {
		id := f.rel
		if id == "." {
			id = filepath.Base(roots[f.root].Path)
		}
		// A folder named only by spaces would make a blank id, which
		// lookups trim away and the search index refuses: it takes the
		// collision form too.
		if seen[id] || strings.TrimSpace(id) == "" {
			id = fmt.Sprintf("%d:%s", f.root+1, id)
		}
		for n := 2; seen[id]; n++ {
			id = fmt.Sprintf("%d:%s~%d", f.root+1, f.rel, n)
		}
		seen[id] = true
		ids[i] = id
	}
	return ids
}

// sortFiles orders a file list by path so fingerprints compare stably.
func sortFiles(files []FileInfo) {
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
}

// hasSkillFile reports whether entries hold a SKILL.md, served or refused
// (see skillFileIn): such a root is walked by walk, which reports both.
func hasSkillFile(dir, realDir string, entries []os.DirEntry) bool {
	name, refused := skillFileIn(dir, realDir, entries)
	return name != "" || refused != ""
}
