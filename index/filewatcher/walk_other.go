//go:build !unix

package filewatcher

import (
	"io/fs"
	"os"
)

// openDir opens the folder p (following links) for its listing.
func openDir(p string) (*os.File, error) { return os.Open(p) }

// folderID reports no identity: the walk falls back to the folder's real
// path (filepath.EvalSymlinks).
func folderID(fs.FileInfo) (dirID, bool) { return dirID{}, false }
