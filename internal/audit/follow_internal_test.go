package audit

import (
	"regexp"
	"slices"
	"testing"
)

// The scans of follow.go replace a pattern compiled per name; these
// tests hold each to the pattern it replaced, which they still compile.

// assignedValuesRE is what destinations.expr ran before assignedValues.
func assignedValuesRE(c, name string, n int) []string {
	var out []string
	re := regexp.MustCompile(`(?m)^\s*(?:(?:const|let|var)\s+)?` + regexp.QuoteMeta(name) + `\s*(?::\s*[\w\[\], .|]+)?=[ \t]*([^=\n][^\n]*)$`)
	for _, m := range re.FindAllStringSubmatch(c, n) {
		out = append(out, m[1])
	}
	return out
}

// wordIndexesRE is what childEnvCopy ran before wordIndex.
func wordIndexesRE(s, word string) []int {
	var out []int
	for _, m := range regexp.MustCompile(`\b`+regexp.QuoteMeta(word)+`\b`).FindAllStringIndex(s, -1) {
		out = append(out, m[0])
	}
	return out
}

func wordIndexes(s, word string) []int {
	var out []int
	for i := wordIndex(s, word, 0); i >= 0; i = wordIndex(s, word, i+len(word)) {
		out = append(out, i)
	}
	return out
}

// followCases are scripts with the assignments and uses the patterns'
// corners decide: a declaration keyword, a type annotation, a match that
// spans lines (\s takes newlines) and so hides the next assignment from
// FindAll, '==' and a value that starts with '=', blank values, CRLF,
// form feeds, a name that is a keyword or a prefix of another name,
// invalid UTF-8, more assignments than the limit.
var followCases = []string{
	"url = 'https://upload.pypi.org'\nurl = url + '/legacy/'\nrequests.post(url)\n",
	"import sys\nurl = sys.argv[1] if len(sys.argv) > 1 else DEFAULT\n",
	"const REGISTRY = 'https://registry.npmjs.org';\nlet  url\t=\t`${REGISTRY}/x`;\nvar\nhost = 'a.example'\n",
	"url: str = 'https://a.example'\nbase: Optional[str]|None = None\nx: Dict[str, int] = {}\n",
	"url:\n  url = 5\nurl = 6\n",
	"url:\turl = 5\nurl: \n = 7\nurl :x\t= 8\nurl: \tx = 9\n",
	"url:\n= 1\nurl:\t=2\nurl: x\ty = 3\nurl:x\n y = 4\nurl:\r\n\t x = 5\nurl: = 6\n",
	"url\n= 'https://a.example'\n\n\n   url\n\n  =   b\n",
	"url == 'x'\nurl = = 'y'\nurl =  = z\nurl =\nurl = \nurl =\t\nurl=x",
	"url = 'a'\r\nurl = 'b' \r\n\furl\f= c\f\n\vurl = d\n",
	"let = 5\nlet let = 6\nconst const = 7\nconst\nconst = 8\nvar x = let\n",
	"myurl = 1\nurl2 = 2\nurl.x = 3\nurl[0] = 4\nurl += 5\nurl := 6\n  url = 7\n",
	"\xffurl = 1\n\xe2url = 2\nurl = \xff\xfe\nh\u00e9 = 3\n\u00a0url = 4\n",
	"x = 1\nx = 2\nx = 3\nx = 4\nx = 5\nx = 6\nx = 7\nx = 8\nx = 9\nx = 10\n",
	"$url = 'a'\nconst $url = 'b'\nurl$ = 'c'\n",
	"    url = base\n    if x: url = other\n    url = f'{base}/v1'\n",
	"env = os.environ.copy()\nenv['A'] = '1'\nsubprocess.run(cmd, env=env)\nprint(env_x, xenv, env)\nenv.update(B=2)\nenv==env\n",
	"",
	"url",
	"url =",
	"url = x",
	":url = x\n=url = y\n",
}

// TestAssignedValuesMatchesPattern: assignedValues gives what the
// per-name pattern gave, for every identifier and keyword in each case.
func TestAssignedValuesMatchesPattern(t *testing.T) {
	ident := regexp.MustCompile(`[A-Za-z_$][\w$]*`)
	for _, c := range followCases {
		names := append(ident.FindAllString(c, -1), "url", "const", "let", "var", "x")
		for _, name := range names {
			for _, n := range []int{8, 2, 1, 100} {
				if got, want := assignedValues(c, name, n), assignedValuesRE(c, name, n); !slices.Equal(got, want) {
					t.Errorf("assignedValues(%q, %q, %d) = %q, the pattern gives %q", c, name, n, got, want)
				}
			}
		}
	}
}

// TestWordIndexMatchesPattern: wordIndex finds the uses the \b pattern
// found, for every word of each case.
func TestWordIndexMatchesPattern(t *testing.T) {
	word := regexp.MustCompile(`\w+`)
	for _, c := range followCases {
		for _, w := range append(word.FindAllString(c, -1), "env", "e", "url") {
			for _, s := range []string{c, c[min(len(c), 3):]} {
				if got, want := wordIndexes(s, w), wordIndexesRE(s, w); !slices.Equal(got, want) {
					t.Errorf("wordIndexes(%q, %q) = %v, the pattern gives %v", s, w, got, want)
				}
			}
		}
	}
}

// FuzzAssignedValues holds assignedValues to the pattern on any script
// and any identifier (the names destinations.expr follows).
func FuzzAssignedValues(f *testing.F) {
	for _, c := range followCases {
		f.Add(c, "url")
	}
	f.Add("const x\n:\t a =1\nx = 2", "x")
	ident := regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)
	f.Fuzz(func(t *testing.T, c, name string) {
		if !ident.MatchString(name) {
			t.Skip("not an identifier")
		}
		if got, want := assignedValues(c, name, 8), assignedValuesRE(c, name, 8); !slices.Equal(got, want) {
			t.Fatalf("assignedValues(%q, %q, 8) = %q, the pattern gives %q", c, name, got, want)
		}
	})
}

// FuzzWordIndex holds wordIndex to the \b pattern on any text and word
// of word characters (the names childEnvCopy follows).
func FuzzWordIndex(f *testing.F) {
	for _, c := range followCases {
		f.Add(c, "env")
	}
	word := regexp.MustCompile(`^\w+$`)
	f.Fuzz(func(t *testing.T, s, w string) {
		if !word.MatchString(w) {
			t.Skip("not a word")
		}
		if got, want := wordIndexes(s, w), wordIndexesRE(s, w); !slices.Equal(got, want) {
			t.Fatalf("wordIndexes(%q, %q) = %v, the pattern gives %v", s, w, got, want)
		}
	})
}
