//go:build linux

package sandbox

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBindRefusesSkilldexFolders: a script is never given a folder that
// holds the shared server's socket, the socket folder itself (nor a file in
// it), the data dir or the config folder, nor any folder holding a Unix
// socket: the red-team escape bound $TMPDIR, which held
// $TMPDIR/skilldex-UID and its server socket.
func TestBindRefusesSkilldexFolders(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("SKILLDEX_SOCKET_DIR", "")
	sockDir := filepath.Join(tmp, "skilldex-"+strconv.Itoa(os.Getuid()))
	os.Mkdir(sockDir, 0o700)
	os.WriteFile(filepath.Join(sockDir, "k.secret"), []byte("s"), 0o600)
	data := t.TempDir()
	os.MkdirAll(filepath.Join(data, "store"), 0o755)
	Protect(data)
	// A folder with a socket somewhere below it.
	withSock := t.TempDir()
	os.MkdirAll(filepath.Join(withSock, "a", "b"), 0o755)
	ln, err := net.Listen("unix", filepath.Join(withSock, "a", "b", "s.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := writeSkill(t, map[string]string{"s.sh": "true"})
	cases := map[string]struct {
		req  Request
		want string
	}{
		"TMPDIR holding the socket folder": {Request{Inputs: []string{tmp}}, "skilldex's own"},
		"the socket folder":                {Request{Inputs: []string{sockDir}}, "skilldex's own"},
		"the secret file":                  {Request{Inputs: []string{filepath.Join(sockDir, "k.secret")}}, "skilldex's own"},
		"output is TMPDIR":                 {Request{OutputDir: tmp}, "skilldex's own"},
		"data dir":                         {Request{Inputs: []string{filepath.Join(data, "store")}}, "skilldex's own"},
		"folder holding a socket":          {Request{Inputs: []string{withSock}}, "Unix socket"},
		"output holding a socket":          {Request{OutputDir: filepath.Join(withSock, "a")}, "Unix socket"},
	}
	for name, c := range cases {
		req := c.req
		req.SkillDir, req.Script = dir, "s.sh"
		_, err := NewNone().Run(context.Background(), req)
		if !errors.Is(err, ErrInvalidRequest) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want ErrInvalidRequest naming %q", name, err, c.want)
		}
	}
	// A sibling project folder without a socket is still fine.
	proj := filepath.Join(tmp, "project")
	os.Mkdir(proj, 0o755)
	if _, err := checkBind("input", proj, true); err != nil {
		t.Errorf("project folder beside the socket folder: %v", err)
	}
}
