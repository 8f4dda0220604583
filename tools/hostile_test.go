package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/hostile"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// hostileCall is one tools/call whose every answer must be an error.
type hostileCall struct {
	tool string
	args map[string]any
}

// TestHostileMCP sends every hostile name and path through every tool of
// every profile that takes a skill name, id or file path, and through the
// skill:// resources: each answer is an error (a protocol error or a result
// with isError) and none holds the canary placed outside the root. Scripts
// run unsandboxed (sandbox.None) so a path that escaped would really run
// the canary script and print the canary.
func TestHostileMCP(t *testing.T) {
	tr := hostile.Build(t)
	cat := openCatalog(t, index.Root{Path: tr.Root})
	opts := Options{Sandbox: sandbox.NewNone()}
	main := connect(t, New(cat, &Options{Profiles: []string{"native,universal,wave,agent-zero"}, Sandbox: opts.Sandbox}), nil)
	listGet := connect(t, New(cat, &Options{Profiles: []string{"list-get"}}), nil)

	var calls []hostileCall
	for _, p := range tr.Paths() {
		calls = append(calls,
			hostileCall{"read_skill_file", map[string]any{"skill": "s", "path": p}},
			hostileCall{"run_skill_script", map[string]any{"skill": "s", "script": p}},
			hostileCall{"skills_tool", map[string]any{"method": "read_file", "skill_name": "s", "file_path": p}},
			hostileCall{"skills_tool", map[string]any{"method": "execute_script", "skill_name": "s", "script_path": p}},
		)
	}
	calls = append(calls, hostileCall{"run_skill_script", map[string]any{"skill": "s", "script": "scripts/canary-link.sh"}})
	for _, n := range tr.Names() {
		calls = append(calls,
			hostileCall{"load_skill", map[string]any{"name": n}},
			hostileCall{"read_skill_file", map[string]any{"skill": n, "path": "SKILL.md"}},
			hostileCall{"run_skill_script", map[string]any{"skill": n, "script": "scripts/ok.sh"}},
			hostileCall{"skill", map[string]any{"name": n}},
			hostileCall{"Skill", map[string]any{"skill_name": n}},
			hostileCall{"skills_tool", map[string]any{"method": "load", "skill_name": n}},
			hostileCall{"skills_tool", map[string]any{"method": "read_file", "skill_name": n, "file_path": "SKILL.md"}},
			hostileCall{"get_skill", map[string]any{"skill_name": n}},
		)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, c := range calls {
		cs := main
		if c.tool == "get_skill" {
			cs = listGet
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		desc := fmt.Sprintf("%s %.80q", c.tool, fmt.Sprint(c.args))
		out := fmt.Sprint(err)
		if res != nil {
			out += text(res)
			sc, _ := json.Marshal(res.StructuredContent)
			out += string(sc)
		}
		// The universal seed answers an unknown name as plain text.
		notFound := c.tool == universalToolName && err == nil && strings.HasPrefix(text(res), "Skill '") && strings.Contains(text(res), "' not found.")
		if err == nil && !res.IsError && !notFound {
			t.Errorf("%s succeeded; want an error:\n%.300s", desc, out)
		}
		if tr.Leaks(out) {
			t.Errorf("%s leaked the canary", desc)
		}
		if strings.TrimSpace(out) == "" || out == "<nil>" {
			t.Errorf("%s: empty error", desc)
		}
	}

	var uris []string
	for _, p := range tr.Paths() {
		uris = append(uris, "skill://s/"+p, "skill://s/"+url.PathEscape(p), "skill:///s/"+url.PathEscape(p))
	}
	for _, n := range tr.Names() {
		uris = append(uris, "skill://"+n+"/SKILL.md", "skill:///"+url.PathEscape(n)+"/SKILL.md")
	}
	for _, u := range uris {
		res, err := main.ReadResource(ctx, &mcp.ReadResourceParams{URI: u})
		if err == nil {
			t.Errorf("resources/read %.80q succeeded; want an error", u)
		}
		if errors.Is(err, mcp.ErrConnectionClosed) {
			t.Fatalf("resources/read %.80q closed the connection", u)
		}
		b, _ := json.Marshal(res)
		if tr.Leaks(fmt.Sprint(err) + string(b)) {
			t.Errorf("resources/read %.80q leaked the canary", u)
		}
	}

	// The ordinary paths still work, so the refusals above are not a
	// server that refuses everything.
	if r := call(t, main, "read_skill_file", `{"skill":"s","path":"references/guide.md"}`); r.IsError {
		t.Errorf("ordinary read: %s", text(r))
	}
	if r := call(t, main, "run_skill_script", `{"skill":"s","script":"scripts/ok.sh"}`); r.IsError || !strings.Contains(text(r), "ok") {
		t.Errorf("ordinary script: %s", text(r))
	}
	if _, err := main.ReadResource(ctx, &mcp.ReadResourceParams{URI: "skill://s/references/guide.md"}); err != nil {
		t.Errorf("ordinary resource: %v", err)
	}
}
