package serve

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// UnixPrefix starts a --http address that names a Unix socket:
// unix:/run/user/1000/skilldex/http.sock.
const UnixPrefix = "unix:"

// Listener is where serve --http listens.
type Listener struct {
	net.Listener
	// URL is the base URL clients use: http://HOST:PORT, or for a Unix
	// socket "unix:PATH" (curl --unix-socket PATH http://localhost/...).
	URL string
	// Unix is true for a Unix socket.
	Unix bool
	// Loopback is true for a loopback TCP address or a Unix socket.
	Loopback bool
}

// Listen opens the listener of serve --http ADDR: a TCP address as
// HTTPAddr reads it, or unix:PATH. A Unix socket's folder is created
// (0700) when missing and must be the user's alone: owned by the user,
// with no group or other permission bits, so no other user can reach the
// socket whatever its own mode; the socket itself is made 0600. A stale
// socket file nothing listens on is replaced; a live one is an error.
func Listen(addr string) (*Listener, error) {
	if path, ok := strings.CutPrefix(strings.TrimSpace(addr), UnixPrefix); ok {
		return listenUnix(path)
	}
	a, loopback, err := HTTPAddr(addr)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", a)
	if err != nil {
		return nil, err
	}
	return &Listener{Listener: ln, URL: "http://" + ln.Addr().String(), Loopback: loopback}, nil
}

func listenUnix(path string) (*Listener, error) {
	if path == "" || !filepath.IsAbs(path) {
		return nil, fmt.Errorf("--http unix:%s: want an absolute socket path, such as unix:%s", path, filepath.Join(os.TempDir(), "skilldex-"+fmt.Sprint(os.Getuid()), "http.sock"))
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("--http unix:%s: %w", path, err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("--http unix:%s: %w", path, err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("--http unix:%s: the folder %s can be entered by other users (mode %04o), so they could connect: put the socket in a folder only you can enter (chmod 700 %s, or a new folder)", path, dir, perm, dir)
	}
	if uid, ok := fileOwner(st); ok && uid != os.Getuid() {
		return nil, fmt.Errorf("--http unix:%s: the folder %s belongs to user id %d, not to you: put the socket in a folder of your own", path, dir, uid)
	}
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode().Type() != os.ModeSocket {
			return nil, fmt.Errorf("--http unix:%s: a file that is not a socket is in the way", path)
		}
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			c.Close()
			return nil, fmt.Errorf("--http unix:%s: another server listens on it", path)
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("--http unix:%s: remove the stale socket: %w", path, err)
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return &Listener{Listener: ln, URL: UnixPrefix + path, Unix: true, Loopback: true}, nil
}
