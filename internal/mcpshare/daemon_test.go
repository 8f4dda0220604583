package mcpshare

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type testBackend struct {
	ts     *testServer
	closed chan struct{}
}

func (b *testBackend) Server(json.RawMessage) (*mcp.Server, error) { return b.ts.srv, nil }
func (b *testBackend) Close() error                                { close(b.closed); return nil }

// Call echoes the request line, upper-cased, so a test can tell it was
// answered by the backend.
func (b *testBackend) Call(_ context.Context, line []byte) []byte {
	return []byte(strings.ToUpper(string(line)))
}

func (b *testBackend) ServeHTTP(context.Context, json.RawMessage, json.RawMessage) (json.RawMessage, func(), error) {
	return json.RawMessage(`{"url":"test"}`), func() {}, nil
}

func (b *testBackend) Stats(st *Status) {}

func shortTemp(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "mcps")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// TestDaemon: fronts on one endpoint share one daemon; a second daemon
// on the endpoint steps aside (ErrRunning); status counts the sessions;
// the daemon closes its backend and exits after the idle period once the
// last session leaves.
func TestDaemon(t *testing.T) {
	dir, err := SocketDir(filepath.Join(shortTemp(t), "s"))
	if err != nil {
		t.Fatal(err)
	}
	ep := Endpoint{Dir: dir, Key: KeyFor("/data/x")}
	b := &testBackend{ts: newTestServer(), closed: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // hang guard
	defer cancel()
	d := &Daemon{Endpoint: ep, Idle: 200 * time.Millisecond, Open: func(context.Context) (Backend, error) { return b, nil }}
	ran := make(chan error, 1)
	go func() { ran <- d.Run(ctx) }()

	client := &Client{Endpoint: ep}
	var conns []io.ReadWriteCloser
	for range 2 {
		c, err := client.Connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	second := &Daemon{Endpoint: ep, Open: func(context.Context) (Backend, error) { t.Error("a second daemon opened the backend"); return nil, nil }}
	if err := second.Run(ctx); !errors.Is(err, ErrRunning) {
		t.Errorf("second daemon: %v, want ErrRunning", err)
	}
	// Both connections carry MCP.
	for i, c := range conns {
		io.WriteString(c, initLine+"\n")
		buf := make([]byte, 4096)
		n, err := c.Read(buf)
		if err != nil || !strings.Contains(string(buf[:n]), `"id":1`) {
			t.Errorf("conn %d: %q %v", i, buf[:n], err)
		}
	}
	st, err := Request(ep, "status")
	if err != nil || st == nil || st.Sessions != 2 || st.PID != os.Getpid() {
		t.Errorf("status: %+v %v", st, err)
	}
	for _, c := range conns {
		c.Close()
	}
	if err := <-ran; err != nil {
		t.Errorf("Run: %v", err)
	}
	select {
	case <-b.closed:
	default:
		t.Error("the backend was not closed")
	}
	if _, err := os.Stat(ep.Socket()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left behind: %v", err)
	}
	if st, err := Request(ep, "status"); st != nil || err != nil {
		t.Errorf("status with no daemon: %+v %v", st, err)
	}
}

// TestStop: a stop request ends the daemon and frees its lock.
func TestStop(t *testing.T) {
	dir, err := SocketDir(filepath.Join(shortTemp(t), "s"))
	if err != nil {
		t.Fatal(err)
	}
	ep := Endpoint{Dir: dir, Key: "k"}
	b := &testBackend{ts: newTestServer(), closed: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ran := make(chan error, 1)
	go func() {
		ran <- (&Daemon{Endpoint: ep, Idle: time.Hour, Open: func(context.Context) (Backend, error) { return b, nil }}).Run(ctx)
	}()
	c, err := (&Client{Endpoint: ep}).Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if ok, err := Stop(ep, 30*time.Second); !ok || err != nil {
		t.Fatalf("Stop: %v %v", ok, err)
	}
	if err := <-ran; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// TestOwnedElsewhere: a backend that cannot own the data dir makes the
// daemon answer with an OwnedError (the front then serves on its own) and
// stop.
func TestOwnedElsewhere(t *testing.T) {
	dir, err := SocketDir(filepath.Join(shortTemp(t), "s"))
	if err != nil {
		t.Fatal(err)
	}
	ep := Endpoint{Dir: dir, Key: "k"}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ran := make(chan error, 1)
	go func() {
		ran <- (&Daemon{Endpoint: ep, Open: func(context.Context) (Backend, error) {
			return nil, &LockedError{Err: errors.New("the data dir is in use by pid 1")}
		}}).Run(ctx)
	}()
	_, err = (&Client{Endpoint: ep}).Connect(ctx)
	var oe *OwnedError
	if !errors.As(err, &oe) || !strings.Contains(oe.Msg, "pid 1") {
		t.Errorf("Connect: %v, want an OwnedError naming the owner", err)
	}
	if err := <-ran; err == nil {
		t.Error("Run returned nil after the backend failed")
	}
}

// TestSocketDir: the folder is made 0700; a folder of another user or a
// link is refused.
func TestSocketDir(t *testing.T) {
	base := shortTemp(t)
	loose := filepath.Join(base, "loose")
	if err := os.Mkdir(loose, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(loose, 0o777)
	if _, err := SocketDir(loose); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(loose); fi.Mode().Perm() != 0o700 {
		t.Errorf("mode %v, want 0700", fi.Mode().Perm())
	}
	link := filepath.Join(base, "link")
	os.Symlink(loose, link)
	if _, err := SocketDir(link); err == nil {
		t.Error("a link was accepted as the socket folder")
	}
	if os.Getuid() == 0 {
		other := filepath.Join(base, "other")
		os.Mkdir(other, 0o700)
		if err := os.Chown(other, 12345, 12345); err != nil {
			t.Fatal(err)
		}
		if _, err := SocketDir(other); err == nil || !strings.Contains(err.Error(), "another user") {
			t.Errorf("a folder of another user: %v", err)
		}
	}
}

// TestPeerOfAnotherUser: even with the socket reachable (a loose folder),
// a process of another user is refused by its kernel-reported uid. Needs
// root (to run a client as nobody) and python3.
func TestPeerOfAnotherUser(t *testing.T) {
	py := "/usr/bin/python3" // a shim under root's home is not runnable by nobody
	if _, err := os.Stat(py); os.Getuid() != 0 || err != nil {
		t.Skip("needs root and /usr/bin/python3")
	}
	base := shortTemp(t)
	os.Chmod(base, 0o755)
	ep := Endpoint{Dir: base, Key: "k"}
	b := &testBackend{ts: newTestServer(), closed: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	go (&Daemon{Endpoint: ep, Idle: time.Hour, Open: func(context.Context) (Backend, error) { return b, nil }}).Run(ctx)
	for {
		if _, err := os.Stat(ep.Socket()); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	os.Chmod(ep.Socket(), 0o777) // only the uid check stands in the way
	script := `import socket,sys
s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
try:
    s.sendall(b'{"skilldex_share":1,"op":"status"}\n')
    print("answer", repr(s.recv(4096)))
except OSError as e:
    print("refused", e)`
	cmd := exec.Command(py, "-c", script, ep.Socket())
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("client as nobody: %v\n%s", err, out)
	}
	t.Logf("a client running as nobody: %s", out)
	if strings.Contains(string(out), "pid") || strings.Contains(string(out), strconv.Itoa(os.Getpid())) {
		t.Errorf("a process of another user got an answer: %s", out)
	}
	if st, err := Request(ep, "status"); err != nil || st == nil {
		t.Errorf("the owner's own status request: %+v %v", st, err)
	}
}

// TestSlowOpen: a backend that opens for longer than the idle period (a
// cold index) does not make the daemon quit under the fronts waiting for
// it.
func TestSlowOpen(t *testing.T) {
	dir, err := SocketDir(filepath.Join(shortTemp(t), "s"))
	if err != nil {
		t.Fatal(err)
	}
	ep := Endpoint{Dir: dir, Key: "k"}
	b := &testBackend{ts: newTestServer(), closed: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	opened := make(chan struct{})
	connected := make(chan struct{})
	ran := make(chan error, 1)
	go func() {
		ran <- (&Daemon{Endpoint: ep, Idle: 20 * time.Millisecond, Open: func(context.Context) (Backend, error) {
			<-connected // a front is waiting
			time.Sleep(200 * time.Millisecond)
			close(opened)
			return b, nil
		}}).Run(ctx)
	}()
	go func() {
		for {
			if st, _ := Request(ep, "status"); st != nil && st.Sessions > 0 {
				close(connected)
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	c, err := (&Client{Endpoint: ep}).Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-opened:
	default:
		t.Fatal("Connect returned before the backend opened")
	}
	select {
	case err := <-ran:
		t.Fatalf("the daemon quit under a waiting front: %v", err)
	default:
	}
	c.Close()
	if err := <-ran; err != nil {
		t.Errorf("Run: %v", err)
	}
}
