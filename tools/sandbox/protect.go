package sandbox

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// protected holds the folders a script may never be given, beside the
// defaults protectedFolders computes: what Protect registered.
var protected struct {
	mu    sync.Mutex
	paths []string
}

// Protect registers folders of skilldex's own (a server's socket folder,
// its data dir, its config folder) that no Request.Inputs entry or
// OutputDir may lie in or hold: a script shown one of them could reach
// the shared server's socket and its secret, or rewrite the catalog or the
// settings that decide its own trust. Relative and empty paths are
// ignored; links are resolved when the folder exists. Safe for concurrent
// use; the registrations last for the process.
func Protect(paths ...string) {
	protected.mu.Lock()
	defer protected.mu.Unlock()
	for _, p := range paths {
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		protected.paths = append(protected.paths, filepath.Clean(p))
	}
}

// protectedFolders are skilldex's own folders: the default socket folders
// (as internal/mcpshare.SocketDir picks them: $SKILLDEX_SOCKET_DIR,
// $XDG_RUNTIME_DIR/skilldex, $TMPDIR/skilldex-UID), the user config
// folder's skilldex, the default data dir (the user cache folder's
// skilldex), and every folder given to Protect; each also with links
// resolved.
func protectedFolders() []string {
	list := []string{
		os.Getenv("SKILLDEX_SOCKET_DIR"),
		filepath.Join(os.TempDir(), "skilldex-"+strconv.Itoa(os.Getuid())),
	}
	if run := os.Getenv("XDG_RUNTIME_DIR"); run != "" {
		list = append(list, filepath.Join(run, "skilldex"))
	}
	if dir, err := os.UserConfigDir(); err == nil {
		list = append(list, filepath.Join(dir, "skilldex"))
	}
	if dir, err := os.UserCacheDir(); err == nil {
		list = append(list, filepath.Join(dir, "skilldex"))
	}
	protected.mu.Lock()
	list = append(list, protected.paths...)
	protected.mu.Unlock()
	var out []string
	for _, p := range list {
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		p = filepath.Clean(p)
		out = append(out, p)
		if r, err := filepath.EvalSymlinks(p); err == nil && r != p {
			out = append(out, r)
		}
	}
	return out
}

// maxSocketScan bounds the entries checkNoSocket looks at in one bind: a
// larger tree is not searched past it (the protected folders and the
// server's own peer checks still hold).
const maxSocketScan = 50000

// errScanDone stops checkNoSocket's walk.
var errScanDone = errors.New("scan done")

// findSocket returns the first Unix socket at or below src (a resolved
// path), or "" when there is none among the first maxSocketScan entries.
// Links are not followed: bwrap shows the link, not a socket elsewhere,
// unless that socket's folder is bound too (and then checked itself).
func findSocket(src string) string {
	var found string
	n := 0
	_ = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable here is unreadable to the script too
		}
		if n++; n > maxSocketScan {
			return errScanDone
		}
		if d.Type()&fs.ModeSocket != 0 {
			found = p
			return errScanDone
		}
		return nil
	})
	return found
}
