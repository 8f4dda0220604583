// Package e2etest is what the end-to-end tests of the skilldex binary
// share: the binary, built once per test process; the repository, the
// examples and the corpus; running the binary and decoding its JSON; the
// official TypeScript MCP SDK client; a fake user's environment; and a
// socket folder of the test process's own, so the shared servers the tests
// start neither meet the user's nor outlive the tests.
//
// Every package that uses it calls Main from its TestMain. It is for tests
// only (it calls testing APIs and builds with the go command).
package e2etest

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	dir, sockets string // set by Main

	buildOnce sync.Once
	bin       string
	buildErr  error
)

// Main runs the package's tests (m.Run) inside a temporary folder of their
// own (Dir), with SKILLDEX_SOCKET_DIR set to a fresh socket folder
// (SocketDir) and SKILLDEX_SHARE_IDLE to 2 s, so every shared server a
// test starts idles out soon; afterwards it stops what is left (`skilldex
// serve --stop`), removes both folders and exits with m.Run's status.
// Call it from TestMain.
func Main(m *testing.M) {
	var err error
	if dir, err = os.MkdirTemp("", "skilldex-e2e-"); err != nil {
		panic(err)
	}
	if sockets, err = os.MkdirTemp("", "skx-sock"); err != nil {
		panic(err)
	}
	os.Setenv("SKILLDEX_SOCKET_DIR", sockets)
	os.Setenv("SKILLDEX_SHARE_IDLE", "2s")
	code := m.Run()
	if bin != "" { // no binary, no server started
		_ = exec.Command(bin, "serve", "--stop").Run()
	}
	os.RemoveAll(sockets)
	os.RemoveAll(dir)
	os.Exit(code)
}

// Dir is the test process's temporary folder (removed after the tests):
// for what several tests of a package share, such as a corpus data dir
// the first test builds and the others start warm from.
func Dir() string { return dir }

// SocketDir is the socket folder of the test process's shared servers
// (SKILLDEX_SOCKET_DIR for everything the tests start).
func SocketDir() string { return sockets }

// Binary returns the path of the skilldex binary (./cmd/skilldex, built
// without -race) on first use and reused by every test of the process.
// The test packages of one checkout share it: it is built into
// $TMPDIR/skilldex-e2e-UID/HASH (HASH of the checkout's path) under a
// file lock, and `go build -o` leaves an up-to-date binary alone, so one
// `go test ./...` links it once instead of once per package (3 s of CPU
// each). Folders of checkouts that no longer exist are removed on the way
// (pruneStale). A failed build fails the test with the compiler's output.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() { bin, buildErr = build() })
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return bin
}

// build builds ./cmd/skilldex into the checkout's shared folder, holding
// its lock meanwhile, and returns the binary's path.
func build() (string, error) {
	root, err := findRoot()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(root))
	parent := filepath.Join(os.TempDir(), fmt.Sprintf("skilldex-e2e-%d", os.Getuid()))
	shared := filepath.Join(parent, hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(shared, 0o700); err != nil {
		return "", err
	}
	// The checkout this folder builds for, so a later build can tell the
	// folder is stale once the checkout is gone (pruneStale).
	if err := os.WriteFile(filepath.Join(shared, rootFile), []byte(root), 0o600); err != nil {
		return "", err
	}
	pruneStale(parent, shared)
	lock, err := os.OpenFile(filepath.Join(shared, "lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return "", err
	}
	defer lock.Close() // and the lock with it
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", fmt.Errorf("locking %s: %w", lock.Name(), err)
	}
	out := filepath.Join(shared, "skilldex")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/skilldex")
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building skilldex: %v\n%s", err, msg)
	}
	return out, nil
}

// rootFile names, inside a checkout's shared build folder, the file that
// holds the checkout's path.
const rootFile = "root"

// pruneStale removes the shared build folders under parent (other than
// keep) whose checkout no longer holds a go.mod, or that name no checkout
// (left by an older version of this package): every fresh clone the tests
// ran in would otherwise leave a 30 MB binary in $TMPDIR for good. A folder
// whose lock another test process holds is in use and left alone; errors
// only leave a folder behind.
func pruneStale(parent, keep string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		d := filepath.Join(parent, e.Name())
		if d == keep || !e.IsDir() {
			continue
		}
		if root, err := os.ReadFile(filepath.Join(d, rootFile)); err == nil {
			if _, err := os.Stat(filepath.Join(string(root), "go.mod")); err == nil {
				continue // its checkout is still there
			}
		}
		lock, err := os.OpenFile(filepath.Join(d, "lock"), os.O_CREATE|os.O_RDWR, 0o600)
		if err != nil {
			continue
		}
		if syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.RemoveAll(d) // the lock goes with the folder, closed below
		}
		lock.Close()
	}
}

// findRoot is the folder holding go.mod, above the working folder.
func findRoot() (string, error) {
	d, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("go.mod not found above the test folder")
		}
		d = parent
	}
}

// RepoRoot is the folder holding go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := findRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// Examples is examples/skills, the five small skills that ship with the
// repository.
func Examples(t testing.TB) string {
	t.Helper()
	return filepath.Join(RepoRoot(t), "examples", "skills")
}

// Corpus returns ../shared/corpus beside the repository (the real corpus
// of about 1,860 public skills), or the folder SKILLDEX_CORPUS names (a
// worktree or a clone elsewhere has no ../shared beside it). Without it the
// test skips, except when CI is set, where it fails.
func Corpus(t testing.TB) string {
	t.Helper()
	d := filepath.Join(RepoRoot(t), "..", "shared", "corpus")
	if env := os.Getenv("SKILLDEX_CORPUS"); env != "" {
		d = env
	}
	if _, err := os.Stat(filepath.Join(d, "MANIFEST.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("corpus missing at %s: CI must run with ../shared beside the clone", d)
		}
		t.Skipf("corpus not found at %s", d)
	}
	return d
}

// Manifest reads the corpus_dir column (the skill ids) of the corpus's
// MANIFEST.tsv.
func Manifest(t testing.TB, corpus string) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join(corpus, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sc.Scan() // header
	for sc.Scan() {
		if col, _, ok := strings.Cut(sc.Text(), "\t"); ok {
			out[col] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Result is what a run of the binary printed and its exit status.
type Result struct {
	Stdout, Stderr string
	Code           int
}

// Run runs the skilldex binary with args, in the test's working folder
// and environment.
func Run(t testing.TB, args ...string) Result {
	t.Helper()
	return RunIn(t, "", nil, args...)
}

// RunIn runs the skilldex binary with args in dir (the test's working
// folder when "") with the environment env (the test's when nil). A
// binary that cannot start fails the test; a non-zero exit is in Code.
func RunIn(t testing.TB, dir string, env []string, args ...string) Result {
	t.Helper()
	cmd := exec.Command(Binary(t), args...)
	cmd.Dir, cmd.Env = dir, env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := Result{Stdout: out.String(), Stderr: errb.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.Code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running skilldex %v: %v", args, err)
	}
	return r
}

// MustRunIn is RunIn that fails the test, with both outputs, when the
// command exits non-zero.
func MustRunIn(t testing.TB, dir string, env []string, args ...string) Result {
	t.Helper()
	r := RunIn(t, dir, env, args...)
	if r.Code != 0 {
		t.Fatalf("skilldex %v: exit %d\nstdout: %s\nstderr: %s", args, r.Code, r.Stdout, r.Stderr)
	}
	return r
}

// MustJSON decodes r's stdout into v; a non-zero exit or output that does
// not decode fails the test.
func MustJSON(t testing.TB, r Result, v any) {
	t.Helper()
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr: %s", r.Code, r.Stderr)
	}
	if err := json.Unmarshal([]byte(r.Stdout), v); err != nil {
		t.Fatalf("decoding output: %v\n%s", err, r.Stdout)
	}
}

// Must fails the test on a non-nil err.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// AgentEnv is an environment for a fake user: HOME, the XDG folders and
// CODEX_HOME under home, and no SKILLDEX_* from the caller's environment
// except the test process's socket folder and idle period (Main), so the
// shared servers it starts are the tests' own.
func AgentEnv(home string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "SKILLDEX_") || strings.HasPrefix(k, "XDG_") || k == "HOME" || k == "CODEX_HOME" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"SKILLDEX_SOCKET_DIR="+sockets, "SKILLDEX_SHARE_IDLE=2s")
}

// TSClient returns the repository root and tests/mcpclient with the
// official TypeScript MCP SDK installed (NodePackage).
func TSClient(t testing.TB) (root, client string) {
	t.Helper()
	return RepoRoot(t), NodePackage(t, "tests/mcpclient", "the TypeScript MCP SDK")
}

// NodePackage returns the folder rel (slash-separated, under the
// repository root) of an npm package.json whose dependencies the test
// runs with node, what naming them. The tests never install them (no
// network inside go test): without node or one of the dependencies in
// its node_modules they skip with the line that installs them, except
// when SKILLDEX_REQUIRE_NODE is set (.ci/run sets it after installing),
// where that is a failure.
func NodePackage(t testing.TB, rel, what string) string {
	t.Helper()
	dir := filepath.Join(RepoRoot(t), filepath.FromSlash(rel))
	missing := func(why string) {
		t.Helper()
		msg := why + "; install " + what + " once with: (cd " + rel + " && npm ci)"
		if os.Getenv("SKILLDEX_REQUIRE_NODE") != "" {
			t.Fatal(msg + " (SKILLDEX_REQUIRE_NODE is set)")
		}
		t.Skip(msg)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed")
	}
	// Every dependency package.json names must be installed: a
	// node_modules from before a new dependency fails with a module error
	// otherwise.
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatalf("%s/package.json: %v", rel, err)
	}
	for dep := range pkg.Dependencies {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(dep), "package.json")); err != nil {
			missing(rel + "/node_modules lacks " + dep)
		}
	}
	return dir
}

// RequireBwrap skips the test when bubblewrap (the script sandbox) is not
// installed, except when CI is set, where it fails (.ci/run installs it).
func RequireBwrap(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bwrap missing in CI: .ci/run installs bubblewrap")
		}
		t.Skip("bwrap not installed (apt-get install bubblewrap)")
	}
}

// CallTool calls tool with args on sess and returns the text of its
// content blocks joined, and whether the result is a tool error. A failed
// call (protocol or transport error) fails the test.
func CallTool(t testing.TB, ctx context.Context, sess *mcp.ClientSession, tool string, args map[string]any) (text string, isError bool) {
	t.Helper()
	res, err := sess.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}
