//go:build unix

package filewatcher

import (
	"io/fs"
	"os"
	"syscall"
)

// openDir opens the folder p (following links) for its listing; anything
// else fails (O_DIRECTORY), so a folder swapped for a FIFO cannot block
// the walk.
func openDir(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_DIRECTORY, 0)
}

// folderID returns the device and inode of info (from Stat or a
// descriptor's Stat).
func folderID(info fs.FileInfo) (dirID, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return dirID{}, false
	}
	return dirID{uint64(st.Dev), uint64(st.Ino)}, true
}
