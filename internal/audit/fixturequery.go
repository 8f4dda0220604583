package audit

import (
	"path"
	"strings"
)

// A CodeQL query pack (qlpack.yml or codeql-pack.yml) tests each query in
// a folder of its own: test/<Query>/<Query>.qlref (or the .ql itself)
// names the query, the folder's source files are its inputs, and
// <Query>.expected lists the results the query must give on them.
// `codeql test run` extracts those inputs into a database, parsing them;
// it never imports or runs them. A shell-injection pack's inputs are
// therefore full of curl | sh and reverse-shell strings, written as the
// vulnerable code the query must find. Such an input is a test fixture
// as one under tests/fixtures is: its findings are medium at most when
// nothing in the skill runs it. The folder's .expected and .qlref files
// name the input as data (file:line:column of each result), and prose
// naming the input without a word that runs it ("test/<Query>/fixtures.py
// # deliberately vulnerable sample code (never executed)") describes it;
// a line that tells the agent to run, execute or follow it still runs it.

// queryPackFiles are the manifests of a CodeQL pack.
var queryPackFiles = lazySet("qlpack.yml", "codeql-pack.yml")

// queryTestFile reports whether rel is an input of a query test of a
// CodeQL pack in texts: a file beside a query reference (.qlref or .ql)
// and an .expected file in the same folder, in a skill that holds a pack
// manifest (queryPackFiles); the reference, the results and the
// manifest themselves are not inputs.
func queryTestFile(rel string, texts map[string]string) bool {
	if queryTestOwn(rel) {
		return false
	}
	dir := path.Dir(rel)
	ref, expected, pack := false, false, false
	for other := range texts {
		pack = pack || queryPackFiles()[path.Base(other)]
		if path.Dir(other) != dir {
			continue
		}
		switch strings.ToLower(path.Ext(other)) {
		case ".qlref", ".ql":
			ref = true
		case ".expected":
			expected = true
		}
	}
	return ref && expected && pack
}

// queryTestOwn reports whether rel is a query test's own file: its query
// reference, its expected results or a pack manifest.
func queryTestOwn(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".qlref", ".ql", ".expected":
		return true
	}
	return queryPackFiles()[path.Base(rel)]
}

// queryTestResults reports whether other is a query test's expected
// results, query reference or query: it names inputs as data (the
// file:line:column of each result), never as something to run. Inputs
// of different tests share names (test/A/fixtures.py, test/B/fixtures.py),
// so any test's results count, not only those beside the input.
func queryTestResults(other string) bool {
	return queryTestOwn(other) && !queryPackFiles()[path.Base(other)]
}

// fixtureNegatedRe is a negation and the rest of its clause: "never
// executed", "never imported or executed", "do not run them", "it does
// not run it". A run word inside it says the file is not run.
var fixtureNegatedRe = lazyRE(`(?i)\b(?:never|not|don'?t|no)\b[^.;:()\n]{0,40}`)

// queryTestProseRuns reports whether line, a markdown line naming a
// query test's input, tells the agent to run or follow it: a run word
// (fixtureRunRe) or a follow word (fixtureFollowRe) outside a negated
// clause (fixtureNegatedRe).
func queryTestProseRuns(line string) bool {
	l := fixtureNegatedRe.ReplaceAllStringFunc(line, func(s string) string { return strings.Repeat(" ", len(s)) })
	return fixtureRunRe.MatchString(l) || fixtureFollowRe.MatchString(l)
}
