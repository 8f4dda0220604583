// Package mcpshare lets many stdio MCP sessions share one server process:
// the first `skilldex serve` on a data dir starts a daemon that owns the
// catalog and listens on a Unix socket; every stdio session is a Front that
// forwards its client's JSON-RPC lines to that daemon, validating them on
// the way (JSON-RPC errors for malformed lines, backpressure when answers
// are not read), and replays its session on a new daemon when the one it
// used dies. The design follows gopls' -remote=auto (a forwarder that starts
// a daemon on demand, golang.org/x/tools/gopls/internal/lsprpc), with a
// folder only the user can enter, the kernel's word on the peer's user id,
// and session replay, which gopls does not do.
package mcpshare

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// ErrUnsupported: this system cannot tell who is at the other end of a
// Unix socket, so nothing is shared.
var ErrUnsupported = errors.New("mcpshare: peer credentials are not available on this system; sharing is off")

// Endpoint is where one daemon listens: Dir/Key.sock, with Dir/Key.lock
// held (flock) by the daemon for its whole life and Dir/Key.log its log.
type Endpoint struct {
	Dir string // from SocketDir
	Key string // from KeyFor
}

// Socket is the path of the endpoint's Unix socket, Dir/Key.sock.
func (e Endpoint) Socket() string { return filepath.Join(e.Dir, e.Key+".sock") }

// Lock is the path of the file the endpoint's daemon holds (flock) while
// it lives, Dir/Key.lock.
func (e Endpoint) Lock() string { return filepath.Join(e.Dir, e.Key+".lock") }

// LogFile is the path of the daemon's log (its stderr), Dir/Key.log.
func (e Endpoint) LogFile() string { return filepath.Join(e.Dir, e.Key+".log") }

// KeyFor names the endpoint of a data dir: 16 hex digits of the SHA-256 of
// its absolute path. One data dir (the folder the store and index live in,
// index.DataDirOf) is served by one daemon.
func KeyFor(dataDir string) string {
	sum := sha256.Sum256([]byte(dataDir))
	return hex.EncodeToString(sum[:8])
}

// SocketDir returns the folder for the sockets, creating it: dir when not
// empty (SKILLDEX_SOCKET_DIR), else $XDG_RUNTIME_DIR/skilldex, else
// os.TempDir()/skilldex-UID. The folder must be a real folder (not a
// link) owned by this user; its mode is set to 0700 so only this user can
// reach a socket in it. Errors say which check failed.
func SocketDir(dir string) (string, error) {
	if dir == "" {
		if run := os.Getenv("XDG_RUNTIME_DIR"); run != "" && filepath.IsAbs(run) {
			dir = filepath.Join(run, "skilldex")
		} else {
			dir = filepath.Join(os.TempDir(), "skilldex-"+strconv.Itoa(os.Getuid()))
		}
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("socket folder: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", fmt.Errorf("socket folder: %w", err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !fi.IsDir():
		return "", fmt.Errorf("socket folder %s is not a folder (a link or a file); remove it", dir)
	case !ok || int(st.Uid) != os.Getuid():
		return "", fmt.Errorf("socket folder %s belongs to another user; remove it or set SKILLDEX_SOCKET_DIR", dir)
	}
	if fi.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return "", fmt.Errorf("socket folder %s: %w", dir, err)
		}
	}
	return dir, nil
}

// dial connects to the endpoint's socket and checks that the daemon runs
// as this user.
func (e Endpoint) dial() (*net.UnixConn, error) {
	c, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: e.Socket(), Net: "unix"})
	if err != nil {
		return nil, err
	}
	if err := checkPeer(c); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// checkPeer refuses a connection from (or to) a process of another user.
func checkPeer(c *net.UnixConn) error {
	uid, err := peerUID(c)
	if err != nil {
		return err
	}
	if uid != os.Getuid() {
		return fmt.Errorf("mcpshare: peer runs as uid %d, not %d; refused", uid, os.Getuid())
	}
	return nil
}

// lock takes the endpoint's lock file: the one daemon per endpoint. It
// retries until wait has passed, returning ErrRunning early when another
// daemon answers on the socket meanwhile.
func (e Endpoint) lock(wait time.Duration) (*os.File, error) {
	f, err := os.OpenFile(e.Lock(), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(wait)
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, unix.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", e.Lock(), err)
		}
		if c, derr := e.dial(); derr == nil {
			c.Close()
			f.Close()
			return nil, ErrRunning
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, ErrRunning
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// lockFDEnv names the environment variable by which Client.start tells
// the daemon it starts which of its file descriptors is the endpoint's
// lock, already taken for it.
const lockFDEnv = "SKILLDEX_SHARE_LOCK_FD"

// inheritedLock returns the endpoint's lock handed over by the front that
// started this process (lockFDEnv), nil when there is none or the
// descriptor is not this endpoint's lock file. The variable is cleared
// and the descriptor marked close-on-exec, so nothing this process runs
// (a sandboxed script) inherits the lock.
func (e Endpoint) inheritedLock() *os.File {
	v, ok := os.LookupEnv(lockFDEnv)
	if !ok {
		return nil
	}
	os.Unsetenv(lockFDEnv)
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return nil
	}
	syscall.CloseOnExec(fd)
	f := os.NewFile(uintptr(fd), e.Lock())
	got, err1 := f.Stat()
	want, err2 := os.Stat(e.Lock())
	// flock on a descriptor whose open file already holds the lock
	// succeeds: a check that we hold it, not a wait.
	if err1 != nil || err2 != nil || !os.SameFile(got, want) || flock(f) != nil {
		f.Close()
		return nil
	}
	return f
}

// flock takes f's lock without waiting (and keeps it until f closes).
func flock(f *os.File) error {
	return unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}

// Busy reports whether a daemon holds the endpoint's lock (it runs, or is
// starting or stopping), without waiting.
func (e Endpoint) Busy() bool {
	f, err := os.OpenFile(e.Lock(), os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	return flock(f) != nil
}
