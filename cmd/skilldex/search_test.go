package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestSearchNoConfidentMatch: the search table says when no hit is a
// confident match (index.SearchResult.NoGoodMatch, issue 16) and still
// shows the hits; a confident search prints no such line.
func TestSearchNoConfidentMatch(t *testing.T) {
	root := t.TempDir()
	writeSkill(t, root, "pdf-forms", "Fill PDF forms")
	for _, name := range []string{"git-commit", "csv-cleaner", "docker-compose"} {
		writeSkill(t, root, name, "Helps with "+name+" tasks for the user")
	}
	const note = "No confident match"
	weak := cli(t, "search", "--mem", "--dir", root, "tasks")
	if weak.code != 0 {
		t.Fatalf("search tasks: exit %d: %s", weak.code, weak.stderr)
	}
	if !strings.Contains(weak.stderr, note+` for "tasks": these are the closest skills.`) {
		t.Errorf("search tasks: no %q line on stderr: %q", note, weak.stderr)
	}
	if !strings.Contains(weak.stdout, "git-commit") || strings.Contains(weak.stdout, note) {
		t.Errorf("search tasks: want the hits, and only them, on stdout:\n%s", weak.stdout)
	}
	var j struct {
		NoGoodMatch bool `json:"no_good_match"`
	}
	mustJSON(t, cli(t, "search", "--mem", "--json", "--dir", root, "tasks"), &j)
	if !j.NoGoodMatch {
		t.Errorf("search --json tasks: no_good_match false; the table's line has no ground")
	}

	sure := cli(t, "search", "--mem", "--dir", root, "fill pdf forms")
	if sure.code != 0 || !strings.Contains(sure.stdout, "pdf-forms") {
		t.Fatalf("search fill pdf forms: exit %d: %s%s", sure.code, sure.stdout, sure.stderr)
	}
	if strings.Contains(sure.stderr+sure.stdout, note) {
		t.Errorf("search fill pdf forms: a confident hit is flagged:\n%s%s", sure.stdout, sure.stderr)
	}
}

// TestSearchInATerminal: in a terminal each hit shows how sure the match
// is in words and a bar (not a raw score), and the "no confident match"
// line is on stdout, above the hits, where the reader looks; piped, the
// table keeps its documented columns (docs/cli.md) and the line goes to
// stderr.
func TestSearchInATerminal(t *testing.T) {
	root := t.TempDir()
	writeSkill(t, root, "pdf-forms", "Fill PDF forms")
	for _, name := range []string{"git-commit", "csv-cleaner", "docker-compose"} {
		writeSkill(t, root, name, "Helps with "+name+" tasks for the user")
	}
	ptmx, tty, err := pty.Open()
	must(t, err)
	defer ptmx.Close()
	must(t, pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: 100}))
	termSearch := func(words ...string) (string, string) {
		t.Helper()
		cmd := exec.Command(binary(t), append([]string{"search", "--mem", "--dir", root}, words...)...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = tty, &stderr
		cmd.Env = append(os.Environ(), "TERM=xterm-256color", "NO_COLOR=")
		must(t, cmd.Run())
		buf := make([]byte, 1<<16)
		must(t, ptmx.SetReadDeadline(time.Now().Add(30*time.Second))) // only catches a hang
		n, err := ptmx.Read(buf)
		must(t, err)
		return ansi.ReplaceAllString(string(buf[:n]), ""), stderr.String()
	}
	out, errOut := termSearch("fill", "pdf", "forms")
	if !strings.Contains(out, "MATCH") || !regexp.MustCompile(`[■□]{5} (strong|good)\s+pdf-forms`).MatchString(out) || strings.Contains(out, "SCORE") {
		t.Errorf("terminal search: want a MATCH column with a bar and a word:\n%s", out)
	}
	out, errOut = termSearch("tasks")
	if !strings.HasPrefix(out, "No confident match for \"tasks\"") || !strings.Contains(out, "git-commit") || errOut != "" {
		t.Errorf("terminal search tasks: want the no-confident line first on stdout, then the hits:\n%s\nstderr: %s", out, errOut)
	}
	if !regexp.MustCompile(`(weak|poor)\s`).MatchString(out) {
		t.Errorf("terminal search tasks: the weak hits are not called weak or poor:\n%s", out)
	}
	piped := cli(t, "search", "--mem", "--dir", root, "fill", "pdf", "forms")
	if !strings.HasPrefix(piped.stdout, "#\tSCORE\tNAME\tID\tDESCRIPTION\n1\t") {
		t.Errorf("piped search: the documented columns changed:\n%s", piped.stdout)
	}
}
