package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestOneDataDirOneServer: while `serve` holds a data dir, a second serve
// on it fails after the lock wait with a message naming the first (its
// pid) and the ways out; a one-shot command still answers, from an
// in-memory catalog, and says why; the data dir stays usable afterwards.
func TestOneDataDirOneServer(t *testing.T) {
	root, data := filepath.Join(repoRoot(t), "examples", "skills"), t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	first := exec.Command(bin, "serve", "--no-watch", "--dir", root, "--data-dir", data)
	first.Stderr = os.Stderr
	sess, err := mcp.NewClient(&mcp.Implementation{Name: "first", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: first}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pid := first.Process.Pid

	start := time.Now()
	second := run(t, "serve", "--no-watch", "--dir", root, "--data-dir", data)
	if second.code == 0 {
		t.Fatalf("second serve on a held data dir exited 0")
	}
	for _, want := range []string{fmt.Sprintf("pid %d", pid), "serve", "--data-dir", "--mem"} {
		if !strings.Contains(second.stderr, want) {
			t.Errorf("second serve's error lacks %q:\n%s", want, second.stderr)
		}
	}
	if waited := time.Since(start); waited < time.Second {
		t.Errorf("second serve gave up after %v, before the 2 s lock wait", waited)
	}

	search := run(t, "search", "--json", "--dir", root, "--data-dir", data, "fill a pdf form")
	if search.code != 0 || !strings.Contains(search.stdout, "pdf-forms") {
		t.Errorf("search beside a running serve: exit %d\n%s\n%s", search.code, search.stdout, search.stderr)
	}
	if !strings.Contains(search.stderr, "in-memory catalog") {
		t.Errorf("search did not say it fell back to memory:\n%s", search.stderr)
	}

	sess.Close()
	_ = first.Wait()
	after := run(t, "search", "--json", "--dir", root, "--data-dir", data, "fill a pdf form")
	if after.code != 0 || strings.Contains(after.stderr, "in-memory") {
		t.Errorf("after the server stopped: exit %d\n%s", after.code, after.stderr)
	}
}
