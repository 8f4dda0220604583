// Package gittest starts real git servers on loopback for tests: git
// daemon and git http-backend (behind net/http/cgi), both from the system
// git, and work repositories under their base folders whose commits the
// servers serve. It is for tests only (it calls testing APIs).
package gittest

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// RequireGit skips the test when git is missing, or fails it when
// SKILLDEX_REQUIRE_GIT=1 says CI installed it.
func RequireGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("SKILLDEX_REQUIRE_GIT") == "1" {
			t.Fatalf("git is required (SKILLDEX_REQUIRE_GIT=1) but not on PATH: %v", err)
		}
		t.Skip("git not installed (set SKILLDEX_REQUIRE_GIT=1 to make this a failure)")
	}
}

// Server is `git daemon` on a free loopback port serving the
// repositories under base.
type Server struct {
	// Base is the folder whose repositories it serves.
	Base string
	port int
}

// URL is the git:// URL of the repository name under Base.
func (s *Server) URL(name string) string {
	return fmt.Sprintf("git://127.0.0.1:%d/%s", s.port, name)
}

// StartDaemon starts git daemon over base; it is stopped when the test
// ends.
func StartDaemon(t *testing.T) *Server {
	t.Helper()
	RequireGit(t)
	base := t.TempDir()
	for attempt := 0; ; attempt++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		cmd := exec.Command("git", "daemon", "--reuseaddr", "--export-all", "--informative-errors",
			"--base-path="+base, "--listen=127.0.0.1", fmt.Sprintf("--port=%d", port), base)
		cmd.Env = Env(t)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		t.Cleanup(func() {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		})
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			select {
			case <-exited:
				if attempt < 5 {
					goto retry // the port was taken meanwhile
				}
				t.Fatalf("git daemon exited: %s", stderr.String())
			default:
			}
			if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
				c.Close()
				return &Server{Base: base, port: port}
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("git daemon did not listen: %s", stderr.String())
	retry:
	}
}

// HTTPServer serves the repositories under base through git
// http-backend behind net/http/cgi, and records the Authorization
// headers it sees.
type HTTPServer struct {
	// Base is the folder whose repositories it serves; Srv the server
	// (Srv.URL + "/name" is a repository's URL).
	Base string
	Srv  *httptest.Server
	mu   sync.Mutex
	auth []string
}

// Auth returns the Authorization headers of the requests so far.
func (hs *HTTPServer) Auth() []string {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return append([]string(nil), hs.auth...)
}

// StartHTTP starts git http-backend behind net/http/cgi; requests
// without an Authorization header get 401, as a private repository's.
func StartHTTP(t *testing.T) *HTTPServer {
	t.Helper()
	RequireGit(t)
	out, err := exec.Command("git", "--exec-path").Output()
	if err != nil {
		t.Fatal(err)
	}
	backend := filepath.Join(strings.TrimSpace(string(out)), "git-http-backend")
	hs := &HTTPServer{Base: t.TempDir()}
	h := &cgi.Handler{Path: backend, Env: []string{"GIT_PROJECT_ROOT=" + hs.Base, "GIT_HTTP_EXPORT_ALL=1", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + hs.Base}, Stderr: io.Discard}
	hs.Srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hs.mu.Lock()
		hs.auth = append(hs.auth, r.Header.Get("Authorization"))
		hs.mu.Unlock()
		if r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Basic realm="test"`)
			http.Error(w, "token required", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Srv.Close)
	return hs
}

// Env is the environment the test repositories' git runs with.
func Env(t testing.TB) []string {
	home := filepath.Join(os.TempDir(), "skilldex-sources-test-home")
	_ = os.MkdirAll(home, 0o700)
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
}

// Repo is a work repository under a server's base folder; commits in it
// are what the server serves.
type Repo struct {
	t *testing.T
	// Dir is the work tree.
	Dir string
}

// NewRepo makes the repository name under base, on branch main.
func NewRepo(t *testing.T, base, name string) *Repo {
	r := &Repo{t: t, Dir: filepath.Join(base, name)}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.Git("init", "-q", "-b", "main")
	r.Git("config", "uploadpack.allowAnySHA1InWant", "true")
	r.Git("config", "http.receivepack", "false")
	return r
}

// Git runs git in the repository and returns its trimmed output.
func (r *Repo) Git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.Dir, Env(r.t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Commit writes files (path → content; "\x00delete" removes the path)
// and commits everything, returning the commit id.
func (r *Repo) Commit(msg string, files map[string]string) string {
	r.t.Helper()
	for p, c := range files {
		full := filepath.Join(r.Dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if c == "\x00delete" {
			r.Git("rm", "-q", "-r", p)
			continue
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
	r.Git("add", "-A")
	r.Git("commit", "-q", "--allow-empty", "-m", msg)
	return r.Git("rev-parse", "HEAD")
}

// SkillMD is a SKILL.md with name, description and body.
func SkillMD(name, desc, body string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n---\n\n# " + name + "\n\n" + body + "\n"
}
