package skillmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Seed corpora: f.Add below, plus real SKILL.md files from the test corpus
// in testdata/fuzz/<FuzzName>/ (go test fuzz v1 format).

var fuzzSeeds = []string{
	"---\nname: a\ndescription: b\n---\nbody\n",
	"---\r\nname: a\r\n---\r\n",
	"\uFEFF---\nname: a\n...\n",
	"---\nname: a\ndescription: Use when: x\n---\n[r](references/r.md)\n",
	"---\n---\n",
	"---",
	"",
	"no frontmatter [x](../y.md)\n",
	"---\na: &a [*a]\n---\n",
	"---\nname: [\n---\n",
	"---\ndescription: \"a\\q\" b\n  c: d\n---\n",
}

// watchdog crashes the fuzz worker when one input takes more than
// slowInput, so that the fuzzer saves it: the engine itself has no time
// limit per input and would just stall. Call as defer watchdog()().
func watchdog() (stop func()) {
	t := time.AfterFunc(slowInput, func() { panic(fmt.Sprintf("input took more than %v", slowInput)) })
	return func() { t.Stop() }
}

// slowInput only catches hangs: the machine is shared and may be loaded,
// the worst seed parses in about a second, and a real SKILL.md in well
// under a millisecond.
const slowInput = 60 * time.Second

func FuzzSplitFrontmatter(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		front, body, line, ok := SplitFrontmatter(data)
		norm := normalize(data)
		if !bytes.HasSuffix(norm, body) {
			t.Fatalf("body is not a suffix of the normalised input")
		}
		if !ok {
			if front != nil || line != 1 || !bytes.Equal(body, norm) {
				t.Fatalf("no frontmatter: front=%q line=%d", front, line)
			}
			return
		}
		if line < 3 {
			t.Fatalf("body line %d with frontmatter", line)
		}
		// The body starts on line bodyLine of the normalised file.
		head := norm[:len(norm)-len(body)]
		if got := bytes.Count(head, []byte("\n")) + 1; got != line && !(len(body) == 0 && got == line-1) {
			t.Fatalf("bodyLine %d, but the body starts on line %d", line, got)
		}
		if !bytes.HasPrefix(norm, []byte("---")) || !bytes.Contains(head, front) {
			t.Fatalf("front %q not inside head %q", front, head)
		}
		if bytes.Contains(front, []byte("\r\n")) || bytes.Contains(body, []byte("\r\n")) {
			t.Fatalf("CRLF left in output")
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), "references/r.md\nscripts/x.py")
	}
	f.Fuzz(func(t *testing.T, data []byte, fileList string) {
		defer watchdog()()
		files := strings.Split(fileList, "\n")
		s, diags, err := Parse("SKILL.md", data, files)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *ParseError", err)
			}
			if pe.Error() == "" || pe.Diagnostic().Code == "" {
				t.Fatalf("empty error")
			}
			if s == nil {
				return
			}
			if !errors.Is(err, ErrNoFrontmatter) {
				t.Fatalf("a skill returned with error %v", err)
			}
		}
		if s == nil {
			t.Fatalf("nil skill without error")
		}
		if str := string(data); utf8.ValidString(str) {
			var back string
			if err := yaml.Unmarshal([]byte(quoteYAML(str)), &back); err != nil || back != str {
				t.Fatalf("quoteYAML(%q) = %s reads back as %q, %v", str, quoteYAML(str), back, err)
			}
		}
		for _, d := range diags {
			if d.Code == "" || d.Fix == "" || d.Severity == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
			if d.Code == CodeYAMLRepaired {
				// The suggested line is valid YAML giving the value read.
				line := strings.TrimPrefix(d.Fix, "quote the value: ")
				var m map[string]string
				if err := yaml.Unmarshal([]byte(line), &m); err != nil || len(m) != 1 {
					t.Fatalf("fix %q does not parse: %v", line, err)
				}
				for k, v := range m {
					got, ok := s.Metadata[k].(string)
					if k == "description" {
						got, ok = s.Description, true
						v = strings.TrimSpace(v)
					}
					// A key given twice keeps one of its values; the fix
					// is about this line's.
					if k != "name" && ok && got != v && topLevelKeys(data, k) == 1 {
						t.Fatalf("fix %q gives %q, Parse read %q", line, v, got)
					}
				}
			}
		}
		if !utf8.ValidString(s.Name) || !utf8.ValidString(s.Description) || !utf8.ValidString(s.Body) {
			t.Fatalf("invalid UTF-8 in output")
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatalf("skill does not encode to JSON: %v", err)
		}
		for _, mode := range []Mode{Lenient, Strict} {
			for _, d := range Validate(s, "folder", mode) {
				if d.Fix == "" || (mode == Strict && d.Severity != SeverityError && d.Code != CodeAgentField) {
					t.Fatalf("bad diagnostic %+v", d)
				}
			}
		}
	})
}

func FuzzValidateName(f *testing.F) {
	for _, s := range []string{"pdf-tools", "PDF", "-a", "a--b", "数据", "ｐｄｆ", "a_b", "", "ǅ", "İ", strings.Repeat("a", 70)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		err := ValidateName(name)
		if err == nil {
			// A valid name is short and has no character outside the rules.
			if n := utf8.RuneCountInString(name); n == 0 || n > 4*MaxNameChars {
				t.Fatalf("accepted %q (%d runes)", name, n)
			}
			if strings.ContainsAny(name, " _./\\:\t\n") || strings.Contains(name, "--") {
				t.Fatalf("accepted %q", name)
			}
		} else {
			var ne *NameError
			if !errors.As(err, &ne) || ne.Fix == "" || ne.Message == "" {
				t.Fatalf("bad error %#v", err)
			}
		}
		if sug := suggestName(name); ValidateName(sug) != nil {
			t.Fatalf("suggestName(%q) = %q is invalid: %v", name, sug, ValidateName(sug))
		}
	})
}

func FuzzExtractReferences(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), 3, "references/r.md\nSKILL.md\nscripts/x.py")
	}
	f.Add([]byte("[a](A.md) `b.md` <img src='c.png'> d/e.md"), 1, "a.md\nb.md\nC.png\nd/e.md")
	f.Fuzz(func(t *testing.T, body []byte, bodyLine int, fileList string) {
		if bodyLine > 1<<20 || bodyLine < -1<<20 {
			return
		}
		defer watchdog()()
		refs := ExtractReferences(body, bodyLine, strings.Split(fileList, "\n"))
		seen := map[string]bool{}
		lines := bytes.Count(body, []byte("\n")) + 1
		first := max(bodyLine, 1)
		for _, r := range refs {
			switch r.Status {
			case RefOutside:
				if r.Path != "" {
					t.Fatalf("outside with a path: %+v", r)
				}
			case RefOK, RefCaseMismatch, RefBroken:
				if r.Path == "" || path.Clean(r.Path) != r.Path || strings.HasPrefix(r.Path, "../") || strings.HasPrefix(r.Path, "/") {
					t.Fatalf("bad path: %+v", r)
				}
				if seen[r.Path] {
					t.Fatalf("duplicate path: %+v", r)
				}
				seen[r.Path] = true
			default:
				t.Fatalf("bad status: %+v", r)
			}
			if r.Line != 0 && (r.Line < first || r.Line >= first+lines) {
				t.Fatalf("line %d outside [%d, %d): %+v", r.Line, first, first+lines, r)
			}
		}
	})
}

// topLevelKeys counts the lines of data that start with key and a colon.
func topLevelKeys(data []byte, key string) int {
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, key+":") {
			n++
		}
	}
	return n
}
