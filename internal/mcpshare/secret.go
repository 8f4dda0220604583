package mcpshare

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
)

// SecretFile is the path of the daemon's per-run secret, Dir/Key.secret: a
// 0600 file in the 0700 socket folder whose content every client presents
// in its hello. The sandbox never shows the socket folder to a script
// (tools/sandbox refuses binds in or holding it), so a script that reached
// the socket some other way still cannot speak to the daemon.
func (e Endpoint) SecretFile() string { return filepath.Join(e.Dir, e.Key+".secret") }

// newSecret writes a fresh random secret for this run of the daemon
// (written to a temporary file and renamed, so a client never reads half
// of one) and returns it.
func (e Endpoint) newSecret() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	s := hex.EncodeToString(b[:])
	tmp, err := os.CreateTemp(e.Dir, e.Key+".secret-*")
	if err != nil {
		return "", fmt.Errorf("write the daemon's secret: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return "", err
	}
	if _, err := tmp.WriteString(s); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), e.SecretFile()); err != nil {
		return "", fmt.Errorf("write the daemon's secret: %w", err)
	}
	return s, nil
}

// secret reads the daemon's current secret ("" when there is none yet).
func (e Endpoint) secret() string {
	data, err := os.ReadFile(e.SecretFile())
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// secretOK compares a presented secret with the daemon's in constant time.
func secretOK(want, got string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(want), []byte(got)) == 1
}

// errSecret is the daemon's answer to a hello without the right secret.
// A client that read the secret of a daemon that has since been replaced
// gets it too, and tries again with the new one.
const errSecret = "the hello did not carry this daemon's secret (from the socket folder); refused"

// checkClient is the daemon's check of a connecting process: the kernel
// says it runs as this user (peerUID) and, where /proc shows namespaces,
// it lives in the daemon's own user, mount, PID and network namespaces. A
// process inside a sandbox (bubblewrap makes new namespaces) is refused
// even if it reached the socket: the shared server would otherwise run
// what it asks outside the sandbox.
func checkClient(c *net.UnixConn) error {
	if err := checkPeer(c); err != nil {
		return err
	}
	return checkPeerNamespaces(c)
}

// namespaces are the kinds checkClient compares.
var namespaces = []string{"user", "mnt", "pid", "net"}

// sameNamespaces reports an error when process pid lives in another
// namespace than this process for any of namespaces, or when /proc shows
// ours but not its (it could not be checked). Without /proc (other
// systems) there is nothing to compare and the secret stands alone.
func sameNamespaces(pid int) error {
	if pid <= 0 {
		return errors.New("mcpshare: the peer's process id is not visible here (another PID namespace); refused")
	}
	for _, ns := range namespaces {
		ours, err := os.Readlink("/proc/self/ns/" + ns)
		if err != nil {
			continue
		}
		theirs, err := os.Readlink(fmt.Sprintf("/proc/%d/ns/%s", pid, ns))
		if err != nil {
			return fmt.Errorf("mcpshare: cannot check the %s namespace of peer pid %d: %v; refused", ns, pid, err)
		}
		if theirs != ours {
			return fmt.Errorf("mcpshare: peer pid %d runs in another %s namespace (%s, not %s), as inside a sandbox; refused", pid, ns, theirs, ours)
		}
	}
	return nil
}
