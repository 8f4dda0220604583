package index

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
)

// adoptEarlier gives a catalog that follows lockfiles the data dir an
// earlier skilldex kept for the same catalog, so upgrading does not
// rebuild it: those named such a catalog by all its roots, the lockfiles'
// sources included, and for a while by those and the lockfiles. When dir
// (the name this build gives) does not exist yet and a data dir of an
// earlier name for the current roots does, that one is renamed to dir
// while this process holds its store's lock (so no process uses it) and
// never over an existing folder (renameNoReplace). Any failure (a data
// dir in use, a platform without the rename) costs only the rebuild the
// adoption would have saved, so nothing is reported but a debug line.
func adoptEarlier(dir string, opts *Options, log *slog.Logger) {
	if len(opts.Follows) == 0 {
		return
	}
	if _, err := os.Lstat(dir); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	base := filepath.Dir(dir)
	for _, follows := range [][]string{opts.Follows, nil} {
		old := filepath.Join(base, keyOf(opts.Roots, follows, opts))
		if old == dir {
			continue
		}
		err := adopt(old, dir)
		if err == nil {
			log.Info("kept the catalog an earlier skilldex built for these roots", "from", old, "to", dir)
			return
		}
		if !errors.Is(err, fs.ErrNotExist) {
			log.Debug("an earlier data dir for these roots was not kept", "dir", old, "err", err)
		}
	}
}

// adopt renames the data dir old to dir holding old's store lock (the
// flock every catalog holds on its store file while open, so a process
// using old makes it fail). Errors: fs.ErrNotExist when old is not a
// data dir, errInUse, the rename's.
func adopt(old, dir string) error {
	if st, err := os.Lstat(old); err != nil || !st.IsDir() {
		return fs.ErrNotExist
	}
	f, err := os.OpenFile(filepath.Join(old, storeFile), os.O_RDWR|noFollow, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := lockNow(f); err != nil {
		return err
	}
	return renameNoReplace(old, dir)
}

// errInUse: another process holds the store of the data dir to adopt.
var errInUse = errors.New("in use by another process")
