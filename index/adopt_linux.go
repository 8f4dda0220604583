package index

import (
	"os"

	"golang.org/x/sys/unix"
)

// noFollow makes an open fail on a link.
const noFollow = unix.O_NOFOLLOW

// lockNow takes f's exclusive flock without waiting (errInUse when held),
// the lock the store takes on its file; closing f releases it.
func lockNow(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch err {
		case nil:
			return nil
		case unix.EINTR:
			continue
		case unix.EWOULDBLOCK:
			return errInUse
		}
		return err
	}
}

// renameNoReplace renames old to dir, failing when dir exists (even an
// empty folder, which a plain rename would replace).
func renameNoReplace(old, dir string) error {
	return unix.Renameat2(unix.AT_FDCWD, old, unix.AT_FDCWD, dir, unix.RENAME_NOREPLACE)
}
