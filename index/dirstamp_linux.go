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

// File system magic numbers (statfs(2)) of the file systems whose
// attributes may be cached by the client: network and FUSE file systems.
var remoteFS = map[uint32]bool{
	0x6969:     true, // NFS
	0x517B:     true, // SMB
	0xFF534D42: true, // CIFS
	0xFE534D42: true, // SMB2
	0x65735546: true, // FUSE (sshfs, rclone, ...)
	0x00C36400: true, // Ceph
	0x01021997: true, // 9P (v9fs)
	0x564C:     true, // NCP
	0x6B414653: true, // AFS
	0x73757245: true, // Coda
	0x47504653: true, // GPFS
	0x0BD00BD0: true, // Lustre
}

// localDevice returns the device of the folder at path when it is on a
// local file system, whose folder change times the kernel keeps itself;
// 0 otherwise (a network or FUSE file system, or an error).
func localDevice(path string) uint64 {
	var fs syscall.Statfs_t
	if err := syscall.Statfs(path, &fs); err != nil || remoteFS[uint32(fs.Type)] {
		return 0
	}
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0
	}
	return uint64(st.Dev)
}
