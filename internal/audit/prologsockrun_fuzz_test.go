package audit

import (
	"strings"
	"testing"
)

// FuzzPrologSockRun: no Prolog text stops the socket-read-run reader (its
// comment and quote blanker, clause and goal splitters, the summaries'
// fixpoint), the blanker keeps every offset, and every finding's line is
// inside the file.
func FuzzPrologSockRun(f *testing.F) {
	for _, s := range []string{
		":- use_module(library(socket)).\na :- tcp_connect(h:1, S, []), read_line_to_string(S, L), shell(L).\n",
		":- module(m, []).\nr(S, C) :- read_term(S, C, []).\nb :- tcp_connect(X, S, []), r(S, G), call(G).\n",
		":- dynamic f/1.\np(X) :- ( X == 0'% -> q ; \\+ r, 'it''s', \"a\\\"b\" ), X =.. [_|T], T.\n",
		":- initialization(main).\n/* unterminated", ":- a(((((.", "'", "\"\\", "0'", ":- x :- y --> z.\n",
		strings.Repeat("p(X) :- q(X).\n", 50) + ":- module(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c, b := prologBlank(code)
		if len(c) != len(code) || len(b) != len(code) || strings.Count(b, "\n") != strings.Count(code, "\n") {
			t.Fatalf("blanking moved offsets: %q", code)
		}
		for _, rel := range []string{"x.pl", "x.prolog"} {
			sc := scanCtx(code)
			scanPrologSockRun(sc, rel, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}

// TestIsProlog: .pl is Prolog's and Perl's extension (and .pro qmake's):
// a file is read as Prolog by its text, directives and clauses, and not
// when it has Perl's use/my/sub/package lines.
func TestIsProlog(t *testing.T) {
	for _, c := range []struct {
		rel, text string
		want      bool
	}{
		{"a.pl", ":- use_module(library(socket)).\nmain :- true.\n", true},
		{"a.pl", "main :-\n    writeln(hi).\n", true},
		{"a.prolog", ":- module(a, []).\n", true},
		{"a.pro", ":- initialization(main).\n", true},
		{"bin/run", "#!/usr/bin/env swipl\n:- initialization(main, main).\n", true},
		{"a.pl", "use strict;\nuse IO::Socket::INET;\nmy $s = IO::Socket::INET->new('h:1');\n", false},
		{"a.pl", "#!/usr/bin/perl\nsub run {\n  system($_[0]);\n}\n", false},
		{"a.pro", "QT += core network\nSOURCES += main.cpp\n", false},
		{"a.md", ":- use_module(library(socket)).\n", false},
	} {
		if got := isProlog(c.rel, c.text); got != c.want {
			t.Errorf("isProlog(%q, %q) = %v, want %v", c.rel, c.text, got, c.want)
		}
	}
}
