package main

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestServeHTTPDefaults runs the binary: a bare port binds to 127.0.0.1,
// SKILLDEX_TOKEN locks the endpoint, and a non-loopback bind warns.
func TestServeHTTPDefaults(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	start := func(env []string, args ...string) (url string, stderr *e2etest.SyncBuffer) {
		cmd := exec.Command(binary(t), append([]string{"serve", "--mem", "--no-watch", "--dir", ex}, args...)...)
		cmd.Env = append(cmd.Environ(), env...)
		stderr = &e2etest.SyncBuffer{}
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if s := stderr.String(); strings.Contains(s, "/mcp") {
				u := s[strings.Index(s, "http://"):]
				return u[:strings.Index(u, "/mcp")+4], stderr
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("server did not start: %s", stderr.String())
		return "", nil
	}
	url, _ := start([]string{"SKILLDEX_TOKEN=envtoken"}, "--http", ":0")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("--http :0 serves at %s; want 127.0.0.1", url)
	}
	for auth, want := range map[string]int{"": 401, "Bearer envtoken": 200} {
		req, _ := http.NewRequest("POST", url, strings.NewReader(initBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Authorization %q: status %d, want %d", auth, resp.StatusCode, want)
		}
	}
	// Issue #14 B9, tightened: a non-loopback bind needs a token, allowed
	// host names or not; with one it warns that the token travels in
	// clear text.
	for _, extra := range [][]string{nil, {"--allowed-host", "skills.lan"}} {
		cmd := exec.Command(binary(t), append([]string{"serve", "--mem", "--no-watch", "--dir", ex, "--http", "0.0.0.0:0"}, extra...)...)
		cmd.Env = append(os.Environ(), "SKILLDEX_TOKEN=")
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "--token") {
			t.Errorf("binding 0.0.0.0 without a token %v: err %v, output:\n%s", extra, err, out)
		}
	}
	_, stderr := start([]string{"SKILLDEX_TOKEN=lan-token"}, "--http", "0.0.0.0:0", "--allowed-host", "skills.lan")
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(stderr.String(), "travels in clear text") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(stderr.String(), "travels in clear text") {
		t.Errorf("binding 0.0.0.0 with a token gave no plain-HTTP warning:\n%s", stderr.String())
	}
}

// initBody is an MCP initialize request.
const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
