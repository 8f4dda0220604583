package filewatcher

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// walkTree calls fn for start and for every folder and file below it, as
// the catalog's walk reaches them: folders SkipDir names are left out,
// folders deeper than maxDepth below root are reported (fn sees them) but
// not entered, and links to folders are followed, as discovery follows
// them (catalogs are assembled from linked skill folders), each real
// folder entered once (a link back up is not a loop; a second name of a
// folder already entered is reported, not entered). Paths are as reached,
// through links, which is how fsnotify names events and the catalog names
// skill folders. info is the entry's own information, links resolved;
// unreadable entries are skipped. The poll watcher's walk: it stats every
// entry.
func walkTree(root, start string, maxDepth int, fn func(path string, info fs.FileInfo)) {
	w := &treeWalk{root: root, maxDepth: maxDepth, files: true, fn: fn}
	w.enter(start)
}

// walkFolders calls fn for start and for every folder below it, down to
// maxDepth below root, that walkTree reaches: the folders the fsnotify
// watcher watches. It stats no regular file and no folder by path: entry
// types come from the folder listings, links are stated to see whether
// they lead to a folder, and each folder's identity (device and inode)
// comes from the descriptor its listing is read through. On the 1,865-skill
// corpus that is about a third of walkTree's CPU (BenchmarkWalkTree).
func walkFolders(root, start string, maxDepth int, fn func(path string)) {
	w := &treeWalk{root: root, maxDepth: maxDepth, fn: func(p string, _ fs.FileInfo) { fn(p) }}
	w.enter(start)
}

// treeWalk is one walk of walkTree or walkFolders.
type treeWalk struct {
	root     string
	maxDepth int
	// files: report files and the folders below maxDepth, each with its
	// information (walkTree); otherwise only the folders entered
	// (walkFolders), with info from the folder's descriptor.
	files bool
	fn    func(path string, info fs.FileInfo)
	// seen holds the folders entered, by device and inode; seenPath by
	// real path where the platform gives no inode (filepath.EvalSymlinks).
	seen     map[dirID]bool
	seenPath map[string]bool
	// byPath identifies folders by real path even where the platform
	// has inodes: tests set it to run the other platforms' way here.
	byPath bool
}

// enter reports the folder dir and, unless it was entered already under
// another name, walks what it holds. A folder that cannot be opened
// (permissions, removed meanwhile) is still reported when it can be
// stated: its creation or removal shows.
func (w *treeWalk) enter(dir string) {
	f, err := openDir(dir)
	if err != nil {
		if info, err := os.Stat(dir); err == nil && info.IsDir() {
			w.fn(dir, info)
		}
		return
	}
	info, err := f.Stat() // the folder the descriptor holds: race-free
	if err != nil || !info.IsDir() {
		f.Close()
		return
	}
	w.fn(dir, info)
	if !w.first(dir, info) {
		f.Close()
		return
	}
	entries, err := f.ReadDir(-1)
	f.Close() // before going deeper: one descriptor open at a time
	if err != nil {
		return
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		typ := e.Type()
		var info fs.FileInfo
		if typ&fs.ModeSymlink != 0 {
			if info, err = os.Stat(p); err != nil { // follows the link
				continue // dangling or unreadable
			}
			typ = info.Mode().Type()
		}
		if !typ.IsDir() {
			if w.files {
				w.report(p, info)
			}
			continue
		}
		if SkipDir(e.Name()) {
			continue
		}
		if depthBelow(w.root, p) > w.maxDepth {
			if w.files {
				w.report(p, info) // its own creation or removal still shows
			}
			continue
		}
		w.enter(p)
	}
}

// report calls fn for p with info, stating p (following links) when info
// is nil; p is skipped when it cannot be stated.
func (w *treeWalk) report(p string, info fs.FileInfo) {
	if info == nil {
		var err error
		if info, err = os.Stat(p); err != nil {
			return
		}
	}
	w.fn(p, info)
}

// first reports whether the folder dir (info from its descriptor) is
// entered for the first time in this walk, and records it.
func (w *treeWalk) first(dir string, info fs.FileInfo) bool {
	if id, ok := folderID(info); ok && !w.byPath {
		if w.seen == nil {
			w.seen = map[dirID]bool{}
		}
		if w.seen[id] {
			return false
		}
		w.seen[id] = true
		return true
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	if w.seenPath == nil {
		w.seenPath = map[string]bool{}
	}
	if w.seenPath[real] {
		return false
	}
	w.seenPath[real] = true
	return true
}

// dirID is a folder's identity where the platform has one.
type dirID struct{ dev, ino uint64 }
