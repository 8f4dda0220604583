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
//   - category (optional): a label for the per-category report, e.g.
//     agent, paraphrase, keyword, typo, multilingual, hard. The category
//     NoAnswer ("none") marks a query no skill fits: its expected column is
//     empty, and it measures abstention instead of recall.
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

// Error implements error: the file, the line and what is wrong with it.
func (e *FormatError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("eval: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("eval: %s:%d: %s", e.File, e.Line, e.Msg)
}

// NoAnswer is the category of a query that no skill of the catalog fits
// (e.g. "a toast for my sister's wedding"): its expected column is empty,
// it is left out of recall, MRR and nDCG, and it counts for abstention (see
// Abstention).
const NoAnswer = "none"

// Query is one judged query.
type Query struct {
	Text       string   // the query as a user would type it
	Expected   []string // skill paths any of which is a hit; empty only for a NoAnswer query
	Acceptable []string // skill paths earning partial nDCG credit; may be empty
	// Category groups queries for the per-category report, e.g. "agent",
	// "paraphrase", "typo" or NoAnswer; "" when the file has no category
	// column.
	Category string
	Notes    string // free text, ignored by the metrics
	Line     int    // 1-based line in the file, for messages
}

// NoAnswer reports whether no skill fits q (Category NoAnswer).
func (q *Query) NoAnswer() bool { return q.Category == NoAnswer }

// Columns of a query file. query and expected come first, in that order;
// acceptable, category and notes are optional and found by their header
// name, in any order.
var Columns = []string{"query", "expected", "acceptable", "category", "notes"}

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
// columns (query, expected, then any of acceptable, category and notes),
// then one query per line. Blank lines and lines starting with "#" are
// skipped. A file whose header has no name beyond the first two reads the
// third and fourth columns as acceptable and notes (the QUERIES.tsv
// layout). Errors are *FormatError for a bad header, a line without a query,
// or a missing expected skill on a query whose category is not NoAnswer
// (and an expected skill on one that is); ErrNoQueries for a file without
// queries.
func ReadQueries(r io.Reader) ([]Query, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var qs []Query
	line := 0
	var col map[string]int // column name -> index; nil until the header
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if col == nil {
			var err error
			if col, err = header(cols); err != nil {
				return nil, &FormatError{Line: line, Msg: err.Error()}
			}
			continue
		}
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(cols) {
				if name == "notes" && col["notes"] == len(col)-1 {
					return strings.TrimSpace(strings.Join(cols[i:], "\t"))
				}
				return strings.TrimSpace(cols[i])
			}
			return ""
		}
		q := Query{Text: get("query"), Line: line, Expected: splitPaths(get("expected")),
			Acceptable: splitPaths(get("acceptable")), Category: strings.ToLower(get("category")), Notes: get("notes")}
		if q.Text == "" {
			return nil, &FormatError{Line: line, Msg: "empty query column"}
		}
		switch {
		case len(q.Expected) == 0 && !q.NoAnswer():
			return nil, &FormatError{Line: line, Msg: fmt.Sprintf(
				"query %q has no expected skill: the second column holds comma-separated skill folder paths "+
					"(for a query no skill fits, leave it empty and set the category column to %q)", q.Text, NoAnswer)}
		case len(q.Expected) > 0 && q.NoAnswer():
			return nil, &FormatError{Line: line, Msg: fmt.Sprintf(
				"query %q is in category %q (no skill fits) but lists expected skills", q.Text, NoAnswer)}
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

// header maps the header line's column names to their index.
func header(cols []string) (map[string]int, error) {
	bad := fmt.Errorf("the first line must be a tab-separated header starting %q, then any of %q",
		"query\texpected", strings.Join(Columns[2:], ", "))
	if len(cols) < 2 || !strings.EqualFold(strings.TrimSpace(cols[0]), Columns[0]) ||
		!strings.EqualFold(strings.TrimSpace(cols[1]), Columns[1]) {
		return nil, bad
	}
	col := map[string]int{"query": 0, "expected": 1}
	named := false
	for i, c := range cols[2:] {
		name := strings.ToLower(strings.TrimSpace(c))
		if name == "" {
			continue
		}
		known := false
		for _, k := range Columns[2:] {
			known = known || k == name
		}
		if !known {
			return nil, fmt.Errorf("unknown column %q in the header: %w", c, bad)
		}
		if _, dup := col[name]; dup {
			return nil, fmt.Errorf("column %q appears twice in the header", c)
		}
		col[name] = i + 2
		named = true
	}
	if !named { // QUERIES.tsv layout: query, expected, acceptable, notes
		col["acceptable"], col["notes"] = 2, 3
	}
	return col, nil
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
