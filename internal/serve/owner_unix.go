//go:build unix

package serve

import (
	"os"
	"syscall"
)

// fileOwner returns the user id owning the file st describes.
func fileOwner(st os.FileInfo) (uid int, ok bool) {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(sys.Uid), true
	}
	return 0, false
}
