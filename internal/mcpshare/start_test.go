package mcpshare

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// helperEnv makes the test binary a daemon (TestHelperDaemon): its value
// is the socket folder; helperLog names a file each helper daemon appends
// a line to when it opens its backend.
const (
	helperEnv = "MCPSHARE_TEST_DAEMON"
	helperLog = "MCPSHARE_TEST_LOG"
)

// TestHelperDaemon is not a test: run by TestOneDaemonPerTakeover as a
// daemon process, as `skilldex serve --daemon` is run by a front.
func TestHelperDaemon(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("a helper process for TestOneDaemonPerTakeover")
	}
	ep := Endpoint{Dir: dir, Key: "k"}
	d := &Daemon{Endpoint: ep, Idle: time.Minute, Log: slog.New(slog.NewTextHandler(os.Stderr, nil)), Open: func(context.Context) (Backend, error) {
		// What a script run by the daemon would inherit: neither the
		// variable nor the lock's descriptor.
		flags, err := unix.FcntlInt(3, unix.F_GETFD, 0)
		line := fmt.Sprintf("pid=%d env=%q cloexec=%v\n", os.Getpid(), os.Getenv(lockFDEnv), err == nil && flags&unix.FD_CLOEXEC != 0)
		f, err := os.OpenFile(os.Getenv(helperLog), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if _, err := f.WriteString(line); err != nil {
			return nil, err
		}
		return &testBackend{ts: newTestServer(), closed: make(chan struct{})}, nil
	}}
	if err := d.Run(context.Background()); err != nil && err != ErrRunning {
		t.Fatal(err)
	}
	os.Exit(0)
}

// TestOneDaemonPerTakeover: eight fronts that find no daemon, at once,
// start one between them (it inherits the endpoint's lock from the front
// that took it), not eight that race for the lock; when that daemon is
// killed, the eight start exactly one more. The daemon passes the lock to
// nothing it runs.
func TestOneDaemonPerTakeover(t *testing.T) {
	dir, err := SocketDir(filepath.Join(shortTemp(t), "s"))
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(shortTemp(t), "opens")
	ep := Endpoint{Dir: dir, Key: "k"}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // hang guard
	defer cancel()
	client := &Client{Endpoint: ep, Command: func() *exec.Cmd {
		c := exec.Command(os.Args[0], "-test.run=^TestHelperDaemon$")
		c.Env = append(os.Environ(), helperEnv+"="+dir, helperLog+"="+log)
		return c
	}}
	connectAll := func() []io.ReadWriteCloser {
		conns := make([]io.ReadWriteCloser, 8)
		var wg sync.WaitGroup
		for i := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := client.Connect(ctx)
				if err != nil {
					t.Errorf("front %d: %v", i, err)
					return
				}
				conns[i] = c
			}()
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		return conns
	}
	opens := func() []string {
		data, _ := os.ReadFile(log)
		return strings.Fields(strings.TrimSpace(string(data)))
	}
	conns := connectAll()
	st, err := Request(ep, "status")
	if err != nil || st == nil || st.Sessions != 8 {
		t.Fatalf("status: %+v %v", st, err)
	}
	if got := opens(); len(got) != 3 || !strings.HasPrefix(got[0], fmt.Sprintf("pid=%d", st.PID)) {
		t.Fatalf("daemons that opened: %q, want the one of pid %d", got, st.PID)
	} else if got[1] != `env=""` || got[2] != "cloexec=true" {
		t.Errorf("the daemon would hand the lock on to what it runs: %q", got)
	}
	if err := syscall.Kill(st.PID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for _, c := range conns {
		_, _ = io.Copy(io.Discard, c) // ends when the daemon is gone
		c.Close()
	}
	conns = connectAll()
	defer Stop(ep, 30*time.Second)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	next, err := Request(ep, "status")
	if err != nil || next == nil || next.PID == st.PID || next.Sessions != 8 {
		t.Fatalf("status after the kill: %+v %v", next, err)
	}
	data, _ := os.ReadFile(ep.LogFile())
	if starts := strings.Count(string(data), "daemon start"); starts != 2 {
		t.Errorf("%d daemon processes started for two takeovers, want 2:\n%s", starts, data)
	}
}
