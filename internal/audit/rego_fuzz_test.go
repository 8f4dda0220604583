package audit

import "testing"

// FuzzRegoEnvSend: no policy text stops the Rego reader (unbalanced
// braces, unterminated strings and raw strings, names bound to
// themselves, rules referring to each other).
func FuzzRegoEnvSend(f *testing.F) {
	for _, s := range []string{
		"package p\n\nx := {k: v | some k, v in opa.runtime().env}\n\ny := http.send({\"body\": x})\n",
		"a := b\nb := a\nc := http.send({\"body\": a})\n", "rt := opa.runtime()\ne := rt.env\n",
		"x := opa.runtime()[\"env\"]\n", "p := `raw {\n", "q := \"unterminated\n{{{", "", "#", "e := input.env\nx := http.send(e)",
		"default x := opa.runtime().env\nelse := 1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		off, _ := regoEnvSendOf(code)
		if off >= len(code) {
			t.Fatalf("offset %d past the policy's end %d", off, len(code))
		}
	})
}
