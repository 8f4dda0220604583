package main

import (
	"strings"
	"testing"
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
