package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// TestLockedHint: index's *index.LockedError names the data dir and its
// owner without a CLI flag; the CLI's rendering adds the way out in its
// own words: another --data-dir or --mem, and skilldex serve --stop when
// the holder is the shared server.
func TestLockedHint(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	writeSkill(t, root, "alpha", "The only skill, so the data dir has something to hold.")
	// --data-dir is the parent; the catalog's own data dir under it is
	// keyed by the roots and the options the CLI passes by default.
	var first indexOutput
	mustJSON(t, cli(t, "index", "--json", "--dir", root, "--data-dir", data), &first)
	held, err := index.Open(context.Background(), &index.Options{Roots: first.Roots, DataDir: data,
		Mode: skillmd.Lenient, MaxDepth: index.DefaultMaxDepth, LockTimeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if held.DataDir() != first.DataDir {
		t.Fatalf("holding %s, but the CLI uses %s", held.DataDir(), first.DataDir)
	}

	r := cli(t, "index", "--dir", root, "--data-dir", data)
	if r.code == 0 {
		t.Fatalf("index on a held data dir exited 0:\n%s\n%s", r.stdout, r.stderr)
	}
	for _, want := range []string{first.DataDir, fmt.Sprintf("pid %d", os.Getpid()), "stop that process, point this command at another --data-dir, or use --mem"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("index's error lacks %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr, "serve --stop") {
		t.Errorf("the holder is not the shared server, yet the hint says serve --stop:\n%s", r.stderr)
	}

	shared := &index.LockedError{DataDir: data, Err: os.ErrExist,
		Owner: &index.Owner{PID: 4242, Command: "skilldex serve --daemon", Started: time.Unix(0, 0).UTC(), Alive: true}}
	for _, flag := range []string{"--data-dir", "--mem", "--stop"} {
		if msg := shared.Error(); strings.Contains(msg, flag) {
			t.Errorf("index's text names the CLI flag %s: %s", flag, msg)
		}
	}
	got := renderError(fmt.Errorf("open: %w", shared))
	for _, want := range []string{"pid 4242", "shared server", "skilldex serve --stop", "--data-dir", "--mem"} {
		if !strings.Contains(got, want) {
			t.Errorf("shared server holds the data dir: rendering lacks %q: %s", want, got)
		}
	}
	// A dead recorded owner is not the shared server any more.
	shared.Owner.Alive = false
	if got := renderError(shared); strings.Contains(got, "serve --stop") || strings.Contains(got, "pid 4242") {
		t.Errorf("dead owner: %s", got)
	}
}
