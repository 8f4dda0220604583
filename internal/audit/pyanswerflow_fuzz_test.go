package audit

import (
	"strings"
	"testing"
)

// FuzzPyAnswerFlow: no text stops the readers of a helper's conditional
// return, a class's methods and a module client's instances (unbalanced
// brackets, an if with no else, a def before any class), a branch is
// shorter than its expression, and every method found is a def of the
// module.
func FuzzPyAnswerFlow(f *testing.F) {
	for _, s := range []string{
		"return json.loads(body) if body else {}",
		"(json.load(r) if r else (x if y else z))",
		"x for x in y if z", "a if", "if else", "((",
		"class Hub:\n    def pending(self):\n        r = self.http.get(u)\n        return r.json() if r.content else {}\n\ndef top():\n    pass\n",
		"link = hub.Hub(u)\nwhile True:\n    job = link.pending()\n    subprocess.run(shlex.split(job), capture_output=True)\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if a, b, ok := pyCondBranches(code); ok && (len(a) >= len(code) || len(b) >= len(code)) {
			t.Fatalf("branches %q, %q not shorter than %q", a, b, code)
		}
		pyIsAnswer(code, map[string]bool{"body": true, "r": true})
		pySplitArg(code)
		for _, ms := range pyClassMethods(code) {
			for _, m := range ms {
				if !strings.Contains(code, "def") || !strings.Contains(code, m) {
					t.Fatalf("method %q is no def of the code", m)
				}
			}
		}
		linked := []linkedFile{{rel: "pkg/hub.py", text: code}}
		pyInstanceAnswerNames("pkg/main.py", code, linked)
		pyInstanceRunners("pkg/main.py", code, linked)
	})
}
