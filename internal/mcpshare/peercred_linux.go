package mcpshare

import (
	"net"

	"golang.org/x/sys/unix"
)

// peerCred returns the kernel's SO_PEERCRED of c's other end (not
// anything the peer says).
func peerCred(c *net.UnixConn) (*unix.Ucred, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return nil, err
	}
	var cred *unix.Ucred
	var cerr error
	if err := raw.Control(func(fd uintptr) {
		cred, cerr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return nil, err
	}
	return cred, cerr
}

// peerUID returns the user id of the process at the other end of c, from
// the kernel (SO_PEERCRED), not from anything the peer says.
func peerUID(c *net.UnixConn) (int, error) {
	cred, err := peerCred(c)
	if err != nil {
		return 0, err
	}
	return int(cred.Uid), nil
}

// checkPeerNamespaces refuses a peer (by its kernel-reported process id)
// that lives in other namespaces than this process (sameNamespaces).
func checkPeerNamespaces(c *net.UnixConn) error {
	cred, err := peerCred(c)
	if err != nil {
		return err
	}
	return sameNamespaces(int(cred.Pid))
}

// Supported reports whether this system can share a server.
func Supported() bool { return true }
