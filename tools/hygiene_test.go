package tools

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestPromptsCapability (issue 17 item 2): no profile declares the
// prompts capability, and none answers prompts/list or prompts/get as if
// it had one.
func TestPromptsCapability(t *testing.T) {
	for _, p := range Profiles() {
		t.Run(p, func(t *testing.T) {
			f := newFixture(t, universalFiles, universalRoots, Options{Profiles: []string{p}})
			cs := connect(t, f.h, nil)
			if caps := cs.InitializeResult().Capabilities; caps.Prompts != nil {
				t.Errorf("prompts capability declared: %+v", caps.Prompts)
			}
			_, err := cs.ListPrompts(context.Background(), nil)
			var je *jsonrpc.Error
			if !errors.As(err, &je) || je.Code != jsonrpc.CodeMethodNotFound {
				t.Errorf("prompts/list: %v, want method not found", err)
			}
		})
	}
}

// TestCheckArgs covers the argument check's cases one by one.
func TestCheckArgs(t *testing.T) {
	spec := argTypesOf(SearchSkillsInput{})
	for _, tc := range []struct{ args, want string }{
		{`{"query": "x"}`, ""},
		{`{"query": "x", "limit": 3, "min_score": 1}`, ""},
		{`{"query": "x", "min_score": 1.5}`, ""},
		{`{"query": "x", "limit": 1e2}`, `limit must be an integer, got 1e2 (number)`},
		{`{"query": "x", "limit": "abc"}`, `limit must be an integer, got "abc" (string)`},
		{`{"query": null}`, `query must be a string, got null`},
		{`{}`, `query is required (a string)`},
		{``, `query is required (a string)`},
		{`[1]`, `the arguments must be a JSON object, got an array`},
		{`{"query": "x", "b": 1, "a": 2}`, `unknown argument "a" (the arguments are query, limit, min_score, cursor, keywords); unknown argument "b" (the arguments are query, limit, min_score, cursor, keywords)`},
	} {
		if got := checkArgs([]byte(tc.args), spec); got != tc.want {
			t.Errorf("checkArgs(%s) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
