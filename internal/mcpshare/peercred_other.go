//go:build !linux && !darwin

package mcpshare

import "net"

// peerUID is not implemented here: without the kernel's word on who is
// connecting, the shared server is not offered (ErrUnsupported).
func peerUID(*net.UnixConn) (int, error) {
	return 0, ErrUnsupported
}

// Supported reports whether this system can share a server (it cannot).
func Supported() bool { return false }

// checkPeerNamespaces is never reached here (Supported is false).
func checkPeerNamespaces(*net.UnixConn) error { return ErrUnsupported }
