package serve

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestOneDataDirOneServer: while `serve --share=off` holds a data dir, a
// second unshared serve on it fails after the lock wait with a message
// naming the first (its pid) and the ways out; a shared serve (the
// default) answers from an in-memory catalog of its own and says why; a
// one-shot command still answers, from an in-memory catalog, and prints
// nothing on stderr (a person's terminal gets no log line for it); the
// data dir stays usable afterwards.
func TestOneDataDirOneServer(t *testing.T) {
	root, data := e2etest.Examples(t), t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	first := exec.Command(binary(t), "serve", "--share=off", "--no-watch", "--dir", root, "--data-dir", data)
	first.Stderr = os.Stderr
	sess, err := mcp.NewClient(&mcp.Implementation{Name: "first", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: first}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pid := first.Process.Pid

	start := time.Now()
	second := e2etest.Run(t, "serve", "--share=off", "--no-watch", "--dir", root, "--data-dir", data)
	if second.Code == 0 {
		t.Fatalf("second serve on a held data dir exited 0")
	}
	for _, want := range []string{fmt.Sprintf("pid %d", pid), "serve", "--data-dir", "--mem"} {
		if !strings.Contains(second.Stderr, want) {
			t.Errorf("second serve's error lacks %q:\n%s", want, second.Stderr)
		}
	}
	t.Logf("second serve gave up after %v (the lock wait is 2 s; index.TestSecondOpenNamesTheOwner checks it)", time.Since(start).Round(time.Millisecond))

	shared := exec.Command(binary(t), "serve", "--no-watch", "--dir", root, "--data-dir", data)
	var sharedErr strings.Builder
	shared.Stderr = &sharedErr
	ss, err := mcp.NewClient(&mcp.Implementation{Name: "shared", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: shared}, nil)
	if err != nil {
		t.Fatalf("a shared serve beside an unshared one: %v\n%s", err, sharedErr.String())
	}
	res, err := ss.CallTool(ctx, &mcp.CallToolParams{Name: "search_skills", Arguments: map[string]any{"query": "fill a pdf form"}})
	if err != nil || res.IsError {
		t.Errorf("shared serve beside an unshared one: search: %v %v", err, res)
	}
	ss.Close()
	if !strings.Contains(sharedErr.String(), "in-memory catalog") || !strings.Contains(sharedErr.String(), fmt.Sprintf("pid %d", pid)) {
		t.Errorf("the shared serve did not say it serves from memory because pid %d holds the data dir:\n%s", pid, sharedErr.String())
	}

	search := e2etest.Run(t, "search", "--json", "--dir", root, "--data-dir", data, "fill a pdf form")
	if search.Code != 0 || !strings.Contains(search.Stdout, "pdf-forms") {
		t.Errorf("search beside a running serve: exit %d\n%s\n%s", search.Code, search.Stdout, search.Stderr)
	}
	if search.Stderr != "" {
		t.Errorf("search beside a running serve wrote on stderr:\n%s", search.Stderr)
	}

	sess.Close()
	_ = first.Wait()
	after := e2etest.Run(t, "search", "--json", "--dir", root, "--data-dir", data, "fill a pdf form")
	if after.Code != 0 || strings.Contains(after.Stderr, "in-memory") {
		t.Errorf("after the server stopped: exit %d\n%s", after.Code, after.Stderr)
	}
}
