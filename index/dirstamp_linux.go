package index

import (
	"os"
	"syscall"
)

// statDir returns the stamp of the folder at path, links followed.
func statDir(path string) (dirStamp, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFDIR {
		return dirStamp{}, false
	}
	return stampOf(&st), true
}

// fstatDir returns the stamp of the open folder f.
func fstatDir(f *os.File) (dirStamp, bool) {
	fi, err := f.Stat()
	if err != nil {
		return dirStamp{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || !fi.IsDir() {
		return dirStamp{}, false
	}
	return stampOf(st), true
}

func stampOf(st *syscall.Stat_t) dirStamp {
	return dirStamp{dev: uint64(st.Dev), ino: uint64(st.Ino), ctime: int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec)}
}
