// Package eval measures how well a ranker answers a set of judged queries:
// recall@1/3/10, mean reciprocal rank and nDCG@10, plus the misses with what
// ranked above the expected skill. It also holds the baseline ranker every
// change is compared with, Agent Zero's keyword scoring.
//
// The package is pure: it reads query files and scores ranked lists, and
// knows nothing of the catalog or the search index. Callers adapt their
// ranker to the Ranker type.
//
// # Judgments
//
// A query file is tab-separated with a header line and the columns
// query, expected, acceptable and notes (the format of the shared corpus's
// QUERIES.tsv). expected and acceptable hold comma-separated skill folder
// paths relative to the catalog root.
//
//   - expected: the skills a person would pick. Any one of them in the top
//     k counts as a hit for recall@k and for the reciprocal rank; they are
//     alternatives, not a list that must all be found.
//   - acceptable: useful but second-best skills. They never count as a hit
//     for recall or MRR; they only earn graded credit in nDCG (gain 1
//     against 3 for an expected skill).
package eval

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// ErrNoQueries is returned (wrapped) by ReadQueries when the file holds a
// header but no query line.
var ErrNoQueries = errors.New("eval: no queries")

// FormatError reports a malformed line of a query file.
type FormatError struct {
	File string // file name as given to LoadQueries; "" for ReadQueries
	Line int    // 1-based line number
	Msg  string // what is wrong and how to fix it
}

func (e *FormatError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("eval: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("eval: %s:%d: %s", e.File, e.Line, e.Msg)
}

// Query is one judged query.
type Query struct {
	Text       string   // the query as a user would type it
	Expected   []string // skill paths any of which is a hit (at least one)
	Acceptable []string // skill paths earning partial nDCG credit; may be empty
	Notes      string   // free text, ignored by the metrics
	Line       int      // 1-based line in the file, for messages
}

// Columns of a query file, in order; notes is optional.
var Columns = []string{"query", "expected", "acceptable", "notes"}

// LoadQueries reads the query file at path (see ReadQueries).
func LoadQueries(path string) ([]Query, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	defer f.Close()
	qs, err := ReadQueries(f)
	var fe *FormatError
	if errors.As(err, &fe) {
		fe.File = path
	}
	if errors.Is(err, ErrNoQueries) {
		return nil, fmt.Errorf("eval: %s: %w", path, ErrNoQueries)
	}
	return qs, err
}

// ReadQueries parses a tab-separated query file: a header line naming the
// columns (query, expected, then optionally acceptable and notes), then one
// query per line. Blank lines and lines starting with "#" are skipped.
// Errors are *FormatError for a bad header, a missing expected column or a
// line without a query, and ErrNoQueries for a file without queries.
func ReadQueries(r io.Reader) ([]Query, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var qs []Query
	line := 0
	header := false
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if !header {
			header = true
			if len(cols) < 2 || !strings.EqualFold(strings.TrimSpace(cols[0]), Columns[0]) ||
				!strings.EqualFold(strings.TrimSpace(cols[1]), Columns[1]) {
				return nil, &FormatError{Line: line, Msg: fmt.Sprintf(
					"the first line must be the tab-separated header %q", strings.Join(Columns, "\t"))}
			}
			continue
		}
		q := Query{Text: strings.TrimSpace(cols[0]), Line: line}
		if q.Text == "" {
			return nil, &FormatError{Line: line, Msg: "empty query column"}
		}
		if len(cols) > 1 {
			q.Expected = splitPaths(cols[1])
		}
		if len(q.Expected) == 0 {
			return nil, &FormatError{Line: line, Msg: fmt.Sprintf(
				"query %q has no expected skill: the second column holds comma-separated skill folder paths", q.Text)}
		}
		if len(cols) > 2 {
			q.Acceptable = splitPaths(cols[2])
		}
		if len(cols) > 3 {
			q.Notes = strings.TrimSpace(strings.Join(cols[3:], "\t"))
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("eval: read queries: %w", err)
	}
	if len(qs) == 0 {
		return nil, ErrNoQueries
	}
	return qs, nil
}

// splitPaths splits a comma-separated list of skill paths, trimming spaces
// and a trailing "/" or "/SKILL.md" so either spelling of a folder works.
func splitPaths(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		p = strings.TrimSuffix(p, "/SKILL.md")
		p = strings.TrimSuffix(p, "/")
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
