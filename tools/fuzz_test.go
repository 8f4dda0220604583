package tools

import (
	"bytes"
	"encoding/json"
	"testing"
)

// Seed corpora: the f.Add calls below, plus the argument objects shown in
// the seeds (testdata/seeds/) in testdata/fuzz/<FuzzName>/.

var argSeeds = []string{`{}`, `null`, ``, `{"a":1,"a":2}`, `{"skill":"s","path":"../x"}`, `[1]`, `"x"`, `{"a":{"b":[1,{"c":null}]}}`,
	`{"a":"\u0000"}`, `{"a":1e400}`, `{"a":-0}`, `{"method":"load","skill_name":"x"}`}

// FuzzParseArgs decodes fuzzed tools/call arguments: a JSON object always
// decodes, with its keys once each in order and every value valid JSON;
// anything else fails without a panic.
func FuzzParseArgs(f *testing.F) {
	for _, s := range argSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		a, err := parseArgs(raw)
		var m map[string]json.RawMessage
		isObject := json.Unmarshal(raw, &m) == nil && m != nil
		if isObject && err != nil {
			t.Fatalf("parseArgs(%q) = %v for a JSON object", raw, err)
		}
		if err != nil {
			return
		}
		if len(a.keys) != len(a.vals) {
			t.Fatalf("parseArgs(%q): %d keys, %d values", raw, len(a.keys), len(a.vals))
		}
		for _, k := range a.keys {
			if !json.Valid(a.vals[k]) {
				t.Fatalf("parseArgs(%q): value of %q is not JSON: %q", raw, k, a.vals[k])
			}
			if isObject && !bytes.Equal(bytes.TrimSpace(a.vals[k]), bytes.TrimSpace(m[k])) {
				t.Fatalf("parseArgs(%q): %q = %s, encoding/json says %s", raw, k, a.vals[k], m[k])
			}
			if _, _, err := a.str(k); err != nil && a.vals[k][0] == '"' {
				t.Fatalf("parseArgs(%q): string %q refused: %v", raw, k, err)
			}
		}
		if isObject && len(a.keys) != len(m) {
			t.Fatalf("parseArgs(%q): keys %q, encoding/json has %d", raw, a.keys, len(m))
		}
	})
}

// FuzzScriptArgs decodes fuzzed script arguments: a JSON object gives one
// argument per distinct key, in first-seen order, each string value as
// decoded; anything else is an error, never a panic.
func FuzzScriptArgs(f *testing.F) {
	for _, s := range argSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := scriptArgs(raw)
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil || m == nil {
			return
		}
		if err != nil {
			t.Fatalf("scriptArgs(%q) = %v for a JSON object", raw, err)
		}
		if len(out) != len(m) {
			t.Fatalf("scriptArgs(%q): %d arguments for %d keys", raw, len(out), len(m))
		}
		for _, a := range out {
			var s string
			if json.Unmarshal(m[a.Key], &s) == nil && a.Value != s {
				t.Fatalf("scriptArgs(%q): %q = %q, want %q", raw, a.Key, a.Value, s)
			}
		}
	})
}
