package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/e2etest"
)

// localUser is the second user of the cross-user tests; created with
// useradd when missing (and removed afterwards).
const localUser = "skilldex-e2e-other"

// otherUser returns the uid and gid of a second local user, creating it;
// the test skips unless it runs as root (only root can create a user and
// run a process as it) or when setpriv is missing.
func otherUser(t *testing.T) (uid, gid string) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("cross-user test: needs root to create a second user (useradd) and run a client as it (setpriv)")
	}
	for _, tool := range []string{"useradd", "userdel", "setpriv", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("cross-user test: %s not installed", tool)
		}
	}
	u, err := user.Lookup(localUser)
	if err != nil {
		if out, err := exec.Command("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", localUser).CombinedOutput(); err != nil {
			t.Fatalf("useradd: %v\n%s", err, out)
		}
		t.Cleanup(func() { _ = exec.Command("userdel", localUser).Run() })
		if u, err = user.Lookup(localUser); err != nil {
			t.Fatal(err)
		}
	}
	return u.Uid, u.Gid
}

// asUser runs curl with args as the user uid:gid (no supplementary
// groups) and returns what it printed and its exit status.
func asUser(t *testing.T, uid, gid string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang, not a speed limit
	defer cancel()
	cmd := exec.CommandContext(ctx, "setpriv", append([]string{"--reuid=" + uid, "--regid=" + gid, "--clear-groups", "--", "curl"}, args...)...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/nonexistent"}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), code
}

// stealRequest is the red-team request: a stateless (2026-07-28) tools/call
// of run_skill_script that names the victim's home as a client root and
// gives the victim's ~/.git-credentials as the script's input.
func stealRequest(home string) string {
	req := map[string]any{
		"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{
			"name": "run_skill_script",
			"arguments": map[string]any{"skill": "cat-input", "script": "scripts/cat.sh",
				"args": map[string]string{"file": filepath.Join(home, ".git-credentials")}, "inputs": []string{filepath.Join(home, ".git-credentials")}},
			"inputResponses": map[string]any{"skilldex-roots": map[string]any{"roots": []map[string]string{{"uri": "file://" + home}}}},
			"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "2026-07-28",
				"io.modelcontextprotocol/clientInfo":         map[string]string{"name": "other-user", "version": "1"},
				"io.modelcontextprotocol/clientCapabilities": map[string]any{}},
		},
	}
	b, _ := json.Marshal(req)
	return string(b)
}

// victimSetup makes a victim's home with a credentials file and a skill
// whose script prints its input file.
func victimSetup(t *testing.T) (home, skills string) {
	t.Helper()
	base := t.TempDir()
	home = filepath.Join(base, "victim")
	skills = filepath.Join(base, "skills")
	must(t, os.MkdirAll(home, 0o700))
	// The home folder is the victim's alone (0700), so no other user can
	// open the file directly; the file itself is readable by the
	// sandbox's unprivileged user, which runs scripts as nobody when
	// the server runs as root.
	must(t, os.WriteFile(filepath.Join(home, ".git-credentials"), []byte("https://victim:ghp_SECRET_TOKEN@github.com\n"), 0o644))
	must(t, os.MkdirAll(filepath.Join(skills, "cat-input", "scripts"), 0o755))
	must(t, os.WriteFile(filepath.Join(skills, "cat-input", "SKILL.md"), []byte("---\nname: cat-input\ndescription: Print the input file given to the script\n---\n\nRun scripts/cat.sh FILE.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(skills, "cat-input", "scripts", "cat.sh"), []byte("#!/bin/sh\nfor f in \"$@\"; do cat \"$f\"; done\n"), 0o755))
	return home, skills
}

// TestLocalUserRefused (red-team finding: "loopback HTTP is open to every
// local user"): the victim runs serve --http 127.0.0.1:PORT --allow-scripts
// without naming a token; another user of the machine sends the request
// that would have a script read the victim's ~/.git-credentials, and is
// refused (401), because scripts on a TCP port always need a token and
// serve generated one, shown only to the victim. The victim's own request
// with that token is served. On a Unix socket (--http unix:PATH) the other
// user cannot even connect.
func TestLocalUserRefused(t *testing.T) {
	uid, gid := otherUser(t)
	home, skills := victimSetup(t)
	s := startHTTP(t, nil, "serve", "--mem", "--no-watch", "--dir", skills, "--allow-scripts", "--http", "127.0.0.1:0")
	token := s.generatedToken(t)

	post := func(extra ...string) []string {
		return append([]string{"-s", "-o", "-", "-w", "\n%{http_code}", "-X", "POST",
			"-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream",
			"-H", "MCP-Protocol-Version: 2026-07-28", "-H", "Mcp-Method: tools/call", "-H", "Mcp-Name: run_skill_script", "--data", stealRequest(home)}, extra...)
	}
	// The other user cannot read the file directly...
	if out, code := asUser(t, uid, gid, "-s", "file://"+filepath.Join(home, ".git-credentials")); code == 0 || strings.Contains(out, "ghp_SECRET") {
		t.Fatalf("the other user reads the victim's file directly (curl exit %d): the test proves nothing", code)
	}
	// ...nor through the server.
	out, code := asUser(t, uid, gid, post(s.url)...)
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "401") {
		t.Errorf("other user without the token: curl exit %d, answer:\n%s\nwant 401", code, out)
	}
	if strings.Contains(out, "ghp_SECRET") {
		t.Fatalf("the other user read the victim's credentials:\n%s", out)
	}
	for _, p := range []string{"/api/v1/skills", "/metrics"} {
		if out, _ := asUser(t, uid, gid, "-s", "-o", "/dev/null", "-w", "%{http_code}", strings.TrimSuffix(s.url, "/mcp")+p); out != "401" {
			t.Errorf("other user GET %s: %s, want 401", p, out)
		}
	}
	// The same request with the token is the victim's own, and is served.
	c := exec.Command("curl", post("-H", "Authorization: Bearer "+token, s.url)...)
	got, err := c.CombinedOutput()
	if err != nil || !strings.HasSuffix(strings.TrimSpace(string(got)), "200") {
		t.Errorf("the victim with the token: %v\n%s", err, got)
	}
	// The request is a real attack: with the token, the script reads the
	// file back. Only the token stops the other user.
	if !strings.Contains(string(got), "ghp_SECRET") {
		t.Errorf("the victim's own request did not read the file back (the attack request is not what the test claims):\n%s", got)
	}

	// A Unix socket in a folder only the victim can enter.
	sockDir, err := os.MkdirTemp("", "skx-u")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(sockDir) })
	sock := filepath.Join(sockDir, "own", "http.sock")
	startHTTP(t, nil, "serve", "--mem", "--no-watch", "--dir", skills, "--allow-scripts", "--http", "unix:"+sock)
	out, code = asUser(t, uid, gid, post("--unix-socket", sock, "http://localhost/mcp")...)
	if code == 0 || strings.Contains(out, "ghp_SECRET") {
		t.Errorf("other user on the Unix socket: curl exit %d (want a refused connection):\n%s", code, out)
	}
	c = exec.Command("curl", post("--unix-socket", sock, "http://localhost/mcp")...)
	if got, err := c.CombinedOutput(); err != nil || !strings.HasSuffix(strings.TrimSpace(string(got)), "200") {
		t.Errorf("the victim on the Unix socket, no token: %v\n%s", err, got)
	}
}

// httpServer is a serve --http process of the test.
type httpServer struct {
	url    string // http://ADDR/mcp, or unix:PATH
	stderr *e2etest.SyncBuffer
}

// startHTTP runs the binary and waits for its "serving MCP at" line.
func startHTTP(t *testing.T, env []string, args ...string) *httpServer {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(cmd.Environ(), env...)
	s := &httpServer{stderr: &e2etest.SyncBuffer{}}
	cmd.Stderr = s.stderr
	must(t, cmd.Start())
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-done })
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		out := s.stderr.String()
		if i := strings.Index(out, "serving MCP at "); i >= 0 {
			rest := out[i+len("serving MCP at "):]
			if j := strings.IndexAny(rest, " \n"); j > 0 {
				s.url = rest[:j]
				return s
			}
		}
		select {
		case <-done:
			t.Fatalf("serve exited: %s", out)
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start: %s", s.stderr.String())
	return nil
}

// generatedToken reads the token serve generated from its standard error.
func (s *httpServer) generatedToken(t *testing.T) string {
	t.Helper()
	out := s.stderr.String()
	const mark = "token for this run: "
	i := strings.Index(out, mark)
	if i < 0 {
		t.Fatalf("serve --allow-scripts on a TCP port showed no generated token:\n%s", out)
	}
	tok, _, _ := strings.Cut(out[i+len(mark):], "\n")
	if len(strings.TrimSpace(tok)) < 40 {
		t.Fatalf("generated token %q", tok)
	}
	return strings.TrimSpace(tok)
}
