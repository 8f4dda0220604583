package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSearchNoConfidentMatch: the search table says when the catalog may
// have no skill for the query (index.SearchResult.NoGoodMatch) and still
// shows the hits; a confident search prints no such line.
func TestSearchNoConfidentMatch(t *testing.T) {
	root := t.TempDir()
	writeSkill(t, root, "pdf-forms", "Fill PDF forms")
	for _, name := range []string{"git-commit", "csv-cleaner", "docker-compose"} {
		writeSkill(t, root, name, "Helps with "+name+" tasks for the user")
	}
	const note = "No good match"
	// Nothing fits: one word matches, the rest are English words no skill uses.
	const none = "knit a scarf from the csv of yarn colours"
	weak := cli(t, "search", "--mem", "--dir", root, none)
	if weak.code != 0 {
		t.Fatalf("search %s: exit %d: %s", none, weak.code, weak.stderr)
	}
	if !strings.Contains(weak.stderr, note+` for "`+none+`": the catalog may have no skill for it; these are the closest.`) {
		t.Errorf("search %s: no %q line on stderr: %q", none, note, weak.stderr)
	}
	if !strings.Contains(weak.stdout, "csv-cleaner") || strings.Contains(weak.stdout, note) {
		t.Errorf("search %s: want the hits, and only them, on stdout:\n%s", none, weak.stdout)
	}
	var j struct {
		NoGoodMatch bool `json:"no_good_match"`
	}
	mustJSON(t, cli(t, "search", "--mem", "--json", "--dir", root, none), &j)
	if !j.NoGoodMatch {
		t.Errorf("search --json %s: no_good_match false; the table's line has no ground", none)
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
// is in words and a bar (not a raw score), and the "no good match"
// line is on stdout, above the hits, where the reader looks; piped, the
// table keeps its documented columns (docs/cli.md) and the line goes to
// stderr.
func TestSearchInATerminal(t *testing.T) {
	root := t.TempDir()
	writeSkill(t, root, "pdf-forms", "Fill PDF forms")
	for _, name := range []string{"git-commit", "csv-cleaner", "docker-compose"} {
		writeSkill(t, root, name, "Helps with "+name+" tasks for the user")
	}
	termSearch := func(words ...string) (string, string) {
		t.Helper()
		out, errOut, code := ttyStdoutErr(t, 100, []string{"TERM=xterm-256color", "NO_COLOR="}, append([]string{"search", "--mem", "--dir", root}, words...)...)
		if code != 0 {
			t.Fatalf("search %v: exit %d\n%s%s", words, code, out, errOut)
		}
		return out, errOut
	}
	out, errOut := termSearch("fill", "pdf", "forms")
	if !strings.Contains(out, "MATCH") || !regexp.MustCompile(`[■□]{5} (strong|good)\s+pdf-forms`).MatchString(out) || strings.Contains(out, "SCORE") {
		t.Errorf("terminal search: want a MATCH column with a bar and a word:\n%s", out)
	}
	out, errOut = termSearch("knit", "a", "scarf", "from", "the", "csv", "of", "yarn", "colours")
	if !strings.HasPrefix(out, "No good match for \"knit a scarf") || !strings.Contains(out, "csv-cleaner") || errOut != "" {
		t.Errorf("terminal search knit...: want the no-good-match line first on stdout, then the hits:\n%s\nstderr: %s", out, errOut)
	}
	if !regexp.MustCompile(`(weak|poor)\s`).MatchString(out) {
		t.Errorf("terminal search knit...: the weak hits are not called weak or poor:\n%s", out)
	}
	piped := cli(t, "search", "--mem", "--dir", root, "fill", "pdf", "forms")
	if !strings.HasPrefix(piped.stdout, "#\tSCORE\tNAME\tID\tDESCRIPTION\n1\t") {
		t.Errorf("piped search: the documented columns changed:\n%s", piped.stdout)
	}
}

// TestMatchWords: the word a terminal shows for a hit's confidence, and
// no hit called better than weak when the result has no good match.
func TestMatchWords(t *testing.T) {
	for _, c := range []struct {
		conf   float64
		noGood bool
		want   string
		bar    string
	}{
		{0.95, false, "strong", "■■■■■"}, {0.72, false, "strong", "■■■■□"}, {0.3, false, "good", "■■□□□"},
		{0.25, false, "good", "■■□□□"}, {0.6, false, "good", "■■■□□"}, {0.15, false, "weak", "■□□□□"},
		{0.05, false, "poor", "□□□□□"}, {0.9, true, "weak", "■■□□□"}, {0.3, true, "weak", "■■□□□"},
		{0.15, true, "weak", "■□□□□"}, {0.05, true, "poor", "□□□□□"},
	} {
		f := strings.Fields(matchWords(c.conf, c.noGood))
		if f[1] != c.want || f[0] != c.bar {
			t.Errorf("matchWords(%.2f, %v) = %q, want %s %s", c.conf, c.noGood, f, c.bar, c.want)
		}
	}
}

// TestSearchEmptyCatalog: a search over a catalog with no skill at all
// says which folders were read and that none exists (or holds a skill),
// as list and doctor do, not that the query matched nothing; it exits 0
// with nothing on stdout.
func TestSearchEmptyCatalog(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "skills")
	empty := t.TempDir()
	for _, tc := range []struct {
		dir, want string
	}{
		{missing, "no skills: the skill folder " + missing + " does not exist; name one with --dir, or see skilldex config"},
		{empty, "no skills served from " + empty},
	} {
		for _, cmd := range []string{"search", "list", "doctor"} {
			args := []string{cmd, "--mem", "--allow-missing", "--dir", tc.dir}
			if cmd == "search" {
				args = append(args, "pdf")
			}
			r := cli(t, args...)
			if cmd == "doctor" {
				r.stdout = "" // its report of 0 skills
			}
			if r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, tc.want) || strings.Contains(r.stderr, "no skill matches") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", args, r.code, r.stdout, r.stderr, tc.want)
			}
		}
	}
}
