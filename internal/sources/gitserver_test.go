package sources

import (
	"bytes"
	"context"
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

// requireGit skips the test when git is missing, or fails it when
// SKILLDEX_REQUIRE_GIT=1 says CI installed it.
func requireGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("SKILLDEX_REQUIRE_GIT") == "1" {
			t.Fatalf("git is required (SKILLDEX_REQUIRE_GIT=1) but not on PATH: %v", err)
		}
		t.Skip("git not installed (set SKILLDEX_REQUIRE_GIT=1 to make this a failure)")
	}
}

// gitServer is `git daemon` on a free loopback port serving the
// repositories under base.
type gitServer struct {
	base string
	port int
}

func (s *gitServer) url(name string) string {
	return fmt.Sprintf("git://127.0.0.1:%d/%s", s.port, name)
}

// startDaemon starts git daemon over base; it is stopped when the test
// ends.
func startDaemon(t *testing.T) *gitServer {
	t.Helper()
	requireGit(t)
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
		cmd.Env = testGitEnv(t)
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
				return &gitServer{base: base, port: port}
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("git daemon did not listen: %s", stderr.String())
	retry:
	}
}

// httpServer serves the repositories under base through git
// http-backend behind net/http/cgi, and records the Authorization
// headers it sees.
type httpServer struct {
	base string
	srv  *httptest.Server
	mu   sync.Mutex
	auth []string
}

func startHTTP(t *testing.T) *httpServer {
	t.Helper()
	requireGit(t)
	out, err := exec.Command("git", "--exec-path").Output()
	if err != nil {
		t.Fatal(err)
	}
	backend := filepath.Join(strings.TrimSpace(string(out)), "git-http-backend")
	hs := &httpServer{base: t.TempDir()}
	h := &cgi.Handler{Path: backend, Env: []string{"GIT_PROJECT_ROOT=" + hs.base, "GIT_HTTP_EXPORT_ALL=1", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + hs.base}, Stderr: io.Discard}
	hs.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
	t.Cleanup(hs.srv.Close)
	return hs
}

func testGitEnv(t testing.TB) []string {
	home := filepath.Join(os.TempDir(), "skilldex-sources-test-home")
	_ = os.MkdirAll(home, 0o700)
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
}

// repo is a work repository under a server's base folder; commits in it
// are what the server serves.
type repo struct {
	t   *testing.T
	dir string
}

func newRepo(t *testing.T, base, name string) *repo {
	r := &repo{t: t, dir: filepath.Join(base, name)}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.git("init", "-q", "-b", "main")
	r.git("config", "uploadpack.allowAnySHA1InWant", "true")
	r.git("config", "http.receivepack", "false")
	return r
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.dir, testGitEnv(r.t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// write writes files (path → content) and commits them all.
func (r *repo) commit(msg string, files map[string]string) string {
	r.t.Helper()
	for p, c := range files {
		full := filepath.Join(r.dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if c == "\x00delete" {
			r.git("rm", "-q", "-r", p)
			continue
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
	r.git("add", "-A")
	r.git("commit", "-q", "--allow-empty", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

func skillMD(name, desc, body string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n---\n\n# " + name + "\n\n" + body + "\n"
}

func testManager(t *testing.T) *Manager {
	return &Manager{Cache: filepath.Join(t.TempDir(), "sources"), Audit: auditOpts()}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	return ctx
}
