package audit

import "testing"

// FuzzGoKeyReadInspected: no Go text stops the reader that follows a
// key's content through a Go file's functions (files that do not parse,
// closures, recursion, switches, shadowed packages).
func FuzzGoKeyReadInspected(f *testing.F) {
	for _, s := range []string{
		"package main\nimport (\"os\"; \"bytes\")\nfunc h(p string) bool { b, _ := os.ReadFile(p); return bytes.Contains(b, []byte(\"ENCRYPTED\")) }\nfunc main() { h(os.Args[1]) }\n",
		"package main\nimport \"os\"\nfunc r(p string) string { b, _ := os.ReadFile(p); return string(b) }\nfunc main() { c := r(\"k\"); switch c { case \"none\": println(c) } }\n",
		"package main\nfunc f(p string) { f(p + \".pub\") }\n", "package main\nfunc main() { x := func() []byte { return nil }; _ = x() }\n",
		"package", "", "package p\nvar os = 1\nfunc f() { os.ReadFile() }\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		goKeyInspect(code)
	})
}
