package mcpshare

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// startTestDaemon runs a daemon with a testBackend on a fresh endpoint
// until the test ends and returns the endpoint once it listens.
func startTestDaemon(t *testing.T, mod ...func(*Daemon)) Endpoint {
	t.Helper()
	dir, err := SocketDir(shortTemp(t) + "/s")
	if err != nil {
		t.Fatal(err)
	}
	ep := Endpoint{Dir: dir, Key: "k"}
	b := &testBackend{ts: newTestServer(), closed: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // hang guard
	ran := make(chan error, 1)
	d := &Daemon{Endpoint: ep, Idle: time.Hour, Open: func(context.Context) (Backend, error) { return b, nil }}
	for _, m := range mod {
		m(d)
	}
	go func() { ran <- d.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-ran })
	for {
		if st, _ := Request(ep, "status"); st != nil {
			return ep
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// rawHello sends one hello line on a new connection and returns the reply.
func rawHello(t *testing.T, ep Endpoint, h hello) reply {
	t.Helper()
	c, err := net.Dial("unix", ep.Socket())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	data, _ := json.Marshal(h)
	c.Write(append(data, '\n'))
	line, _ := bufio.NewReader(c).ReadBytes('\n')
	var r reply
	json.Unmarshal(line, &r)
	return r
}

// TestSecretRequired: a process of this user that reached the socket but
// cannot read the socket folder (a sandboxed script) is refused for every
// op: the red-team escape sent {"op":"serve","options":{"allow_scripts":
// true,"sandbox":"none"}} without any secret.
func TestSecretRequired(t *testing.T) {
	ep := startTestDaemon(t)
	for _, op := range []string{"serve", "call", "http", "status", "stop"} {
		for _, secret := range []string{"", "0123", strings.Repeat("a", 64)} {
			r := rawHello(t, ep, hello{Version: protocolVersion, Op: op, Secret: secret, Options: json.RawMessage(`{"allow_scripts":true,"sandbox":"none"}`)})
			if r.OK || !strings.Contains(r.Error, "secret") {
				t.Errorf("op %s with secret %q: %+v, want a refusal", op, secret, r)
			}
		}
	}
	if fi, err := os.Stat(ep.SecretFile()); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("secret file: %v %v, want mode 0600", fi, err)
	}
	// The owner's own client reads it and is served.
	if r := rawHello(t, ep, hello{Version: protocolVersion, Op: "status", Secret: ep.secret()}); !r.OK || r.Status == nil {
		t.Errorf("status with the secret: %+v", r)
	}
	cc, err := (&Client{Endpoint: ep}).Call(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	if out, err := cc.RoundTrip([]byte(`{"method":"x"}`)); err != nil || string(out) != "{\"METHOD\":\"X\"}\n" {
		t.Errorf("call: %q %v", out, err)
	}
	if st, _ := Request(ep, "status"); st == nil || st.CLICalls != 1 {
		t.Errorf("status after one call: %+v", st)
	}
}

// TestSandboxedPeerRefused: a process inside bubblewrap (new user, mount,
// PID and network namespaces) that is shown the socket folder, secret and
// all, is still refused: the daemon compares its namespaces with its own.
// It needs bwrap and /usr/bin/python3 (CI installs both).
func TestSandboxedPeerRefused(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("namespaces are Linux's")
	}
	bwrap, err := exec.LookPath("bwrap")
	py := "/usr/bin/python3"
	if _, perr := os.Stat(py); err != nil || perr != nil {
		if os.Getenv("SKILLDEX_REQUIRE_BWRAP") == "1" {
			t.Fatalf("needs bwrap and %s", py)
		}
		t.Skip("needs bwrap and /usr/bin/python3")
	}
	ep := startTestDaemon(t)
	script := `import socket,sys
s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
secret=open(sys.argv[2]).read().strip()
try:
    s.sendall(('{"skilldex_share":2,"op":"serve","secret":"%s","options":{"allow_scripts":true,"sandbox":"none"}}\n' % secret).encode())
    print("answer", repr(s.recv(4096)))
except OSError as e:
    print("refused", e)`
	// The escape's shape: the socket folder bound into the sandbox.
	inBwrap := func(ep Endpoint) string {
		cmd := exec.Command(bwrap, "--ro-bind", "/", "/", "--bind", ep.Dir, ep.Dir, "--dev", "/dev", "--proc", "/proc",
			"--unshare-user", "--unshare-pid", "--unshare-net", "--die-with-parent", py, "-c", script, ep.Socket(), ep.SecretFile())
		out, err := cmd.CombinedOutput()
		if err != nil {
			if strings.Contains(string(out), "No permissions to create") || strings.Contains(string(out), "Operation not permitted") {
				t.Skipf("bwrap cannot make namespaces here: %s", out)
			}
			t.Fatalf("client in bwrap: %v\n%s", err, out)
		}
		return string(out)
	}
	out := inBwrap(ep)
	t.Logf("a client inside bwrap: %s", out)
	if strings.Contains(out, `"ok":true`) || !strings.Contains(out, "refused") {
		t.Errorf("a sandboxed process was served: %s", out)
	}
	// The control: a daemon without the namespace check serves the same
	// client, so the check (not the setup) is what refused it.
	uidOnly := func(d *Daemon) { d.peerCheck = checkPeer }
	if out := inBwrap(startTestDaemon(t, uidOnly)); !strings.Contains(out, `"ok":true`) {
		t.Errorf("without the namespace check the client was not served, so the test proves nothing: %s", out)
	}
}
