package audit

import (
	"strings"
	"testing"
)

// FuzzRMSockRun: no R or MATLAB text stops the socket-read-run reader
// (its comment and string blankers, statement and argument scans), and
// every finding's line is inside the file.
func FuzzRMSockRun(f *testing.F) {
	for _, s := range []string{
		"con <- socketConnection(host = h, port = 1)\nl <- readLines(con)\nsystem(l)\n",
		"f <- function(x) system(x)\ns <- make.socket(\"h\", 1)\nlapply(read.socket(s), f)\n",
		"c = tcpclient(h, 1);\n[a, b] = strtok(readline(c)); % x\nevalc(b)\n",
		"%{\nc = tcpclient(h, 1);\n%}\nx = a'; y = 'str''s' ...\n  + 1;\n",
		"x <- \"unterminated\nsystem(", "eval(parse(text = (", "((((", "'", "\"\\",
		strings.Repeat("a <- b\n", 50) + "socketConnection(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, rel := range []string{"R/x.R", "x.m"} {
			sc := scanCtx(code)
			scanRMSockRun(sc, rel, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
