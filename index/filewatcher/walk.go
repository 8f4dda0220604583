package filewatcher

import (
	"io/fs"
	"os"
	"path/filepath"
)

// walkTree calls fn for start and for every folder and file below it, as
// the catalog's walk reaches them: folders SkipDir names are left out,
// folders deeper than maxDepth below root are reported (fn sees them) but
// not entered, and links to folders are followed, as discovery follows
// them (catalogs are assembled from linked skill folders), each real
// folder entered once (a link back up is not a loop). Paths are as
// reached, through links, which is how fsnotify names events and the
// catalog names skill folders. info is the entry's own information, links
// resolved; unreadable entries are skipped.
func walkTree(root, start string, maxDepth int, fn func(path string, info fs.FileInfo)) {
	seen := map[string]bool{}
	var walk func(dir string, info fs.FileInfo)
	walk = func(dir string, info fs.FileInfo) {
		fn(dir, info)
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || seen[real] {
			return
		}
		seen[real] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			info, err := os.Stat(p) // follows links
			if err != nil {
				continue
			}
			if !info.IsDir() {
				fn(p, info)
				continue
			}
			if SkipDir(e.Name()) {
				continue
			}
			if depthBelow(root, p) > maxDepth {
				fn(p, info) // its own creation or removal still shows
				continue
			}
			walk(p, info)
		}
	}
	info, err := os.Stat(start)
	if err != nil || !info.IsDir() {
		return
	}
	walk(start, info)
}
