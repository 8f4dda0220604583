package tools

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// MaxScriptTimeout bounds the timeout a caller may ask for a script run.
const MaxScriptTimeout = 10 * time.Minute

// ErrScriptsDisabled: the server has no sandbox (Options.Sandbox is nil),
// so scripts are off. The message says how to turn them on.
var ErrScriptsDisabled = errors.New("script execution is disabled on this server; restart it with `skilldex serve --allow-scripts` to run skill scripts in the sandbox")

// noSandboxNotice is what the tool descriptions say when scripts run
// without a sandbox (--sandbox none).
const noSandboxNotice = "WARNING: this server runs scripts WITHOUT a sandbox (--sandbox none): a script can read and change every file the server's user can, and reach the network; run only scripts you trust."

// unsandboxed reports whether sb runs scripts with no isolation.
func unsandboxed(sb sandbox.Sandbox) bool { return sb != nil && sb.Name() == "none" }

// scriptRun is one script run of a skill, for run_skill_script and
// agent-zero's execute_script.
type scriptRun struct {
	skill   string // skill name or id
	script  string // path relative to the skill folder
	args    []sandbox.Arg
	style   sandbox.ArgStyle
	timeout time.Duration // 0: the sandbox's default
	inputs  []string      // absolute host paths shown read-only
	output  string        // absolute host folder shown read-write, or ""
}

// runScript resolves the skill through Catalog.Resolve (the folder never
// comes from the caller) and runs the script in the sandbox, which checks
// that the script stays inside that folder. Errors: ErrScriptsDisabled,
// those of Catalog.Resolve, and those of sandbox.Sandbox.Run (ErrOutside,
// ErrUnsupported, ErrNotFound, ErrUnavailable, ErrInvalidRequest). A
// script that fails or times out is a Result, not an error.
func (h *deps) runScript(ctx context.Context, r scriptRun) (index.Skill, *sandbox.Result, error) {
	if h.opts.Sandbox == nil {
		return index.Skill{}, nil, ErrScriptsDisabled
	}
	s, err := h.cat.Resolve(r.skill)
	if err != nil {
		return index.Skill{}, nil, err
	}
	if r.timeout < 0 || r.timeout > MaxScriptTimeout {
		return s, nil, fmt.Errorf("%w: timeout must be between 0 and %v", sandbox.ErrInvalidRequest, MaxScriptTimeout)
	}
	res, err := h.opts.Sandbox.Run(ctx, r.request(s))
	if res != nil {
		// The server's log says it too, on every run: the
		// operator who chose --sandbox none reads stderr, not the results.
		for _, w := range res.Warnings {
			h.log.Warn("script ran with a warning", "skill", s.ID, "script", r.script, "warning", w)
		}
	}
	return s, res, err
}

func (r scriptRun) request(s index.Skill) sandbox.Request {
	return sandbox.Request{SkillDir: s.Dir, Script: r.script, Args: r.args, Style: r.style, Timeout: r.timeout,
		Inputs: r.inputs, OutputDir: r.output}
}

// rootsInputID names the roots/list input request of run_skill_script.
const rootsInputID = "skilldex-roots"

// scriptPaths returns the paths a run gives its script (inputs, output).
func (r scriptRun) scriptPaths() []string {
	paths := append([]string(nil), r.inputs...)
	if r.output != "" {
		paths = append(paths, r.output)
	}
	return paths
}

// needRoots reports whether run r's paths need the client's roots to be
// judged: some path is not inside Options.ScriptPaths, the client has not
// yet answered roots/list for this call, and it says it has roots (or
// says nothing: a stateless session). The caller then returns a result
// with InputRequests asking for them (protocol 2026-07-28, multi
// round-trip: a server may not send roots/list while serving a request),
// and the client calls again with the answer; the SDK does the same round
// trip itself for older clients.
func (h *deps) needRoots(req *mcp.CallToolRequest, r scriptRun) bool {
	paths := r.scriptPaths()
	if len(paths) == 0 || allInside(h.opts.ScriptPaths, paths) {
		return false
	}
	if _, ok := req.Params.InputResponses[rootsInputID]; ok {
		return false
	}
	if ss := req.Session; ss != nil {
		if ip := ss.InitializeParams(); ip != nil && ip.Capabilities != nil && ip.Capabilities.RootsV2 == nil {
			return false // a client without roots
		}
	}
	return true
}

func allInside(folders, paths []string) bool {
	for _, p := range paths {
		if !insideAny(folders, p) {
			return false
		}
	}
	return true
}

// checkScriptPaths refuses inputs and an output folder that lie outside
// the folders the user shares with the model: the MCP client's roots (its
// answer to roots/list, file:// URIs; a client without roots shares none)
// and Options.ScriptPaths. A model could otherwise hand a script, and so
// read back, any file of the user (~/.ssh). The sandbox adds its own rules
// (absolute, existing, never / nor the whole home folder).
func (h *deps) checkScriptPaths(req *mcp.CallToolRequest, r scriptRun) error {
	allowed := append([]string(nil), h.opts.ScriptPaths...)
	if res, ok := req.Params.InputResponses[rootsInputID].(*mcp.ListRootsResult); ok {
		for _, root := range res.Roots {
			if u, err := url.Parse(root.URI); err == nil && u.Scheme == "file" && filepath.IsAbs(u.Path) {
				allowed = append(allowed, filepath.Clean(u.Path))
			}
		}
	}
	for _, p := range r.scriptPaths() {
		if !filepath.IsAbs(p) {
			return fmt.Errorf("%w: %q is not an absolute path; give inputs and output_dir as absolute paths", sandbox.ErrInvalidRequest, p)
		}
		if !insideAny(allowed, p) {
			where := "this server shares no folder with scripts: the client declares no workspace roots, and the server was started without --script-path"
			if len(allowed) > 0 {
				where = "scripts may be given only paths inside the client's workspace roots and the server's --script-path folders: " + strings.Join(allowed, ", ")
			}
			return fmt.Errorf("%w: %s is outside the folders shared with scripts; %s", sandbox.ErrInvalidRequest, p, where)
		}
	}
	return nil
}

// insideAny reports whether p is inside one of the folders both as
// written and with links resolved (where it exists), so that a link in a
// shared folder does not lead a script to a file outside it.
func insideAny(folders []string, p string) bool {
	resolve := func(x string) string {
		if r, err := filepath.EvalSymlinks(x); err == nil {
			return r
		}
		return filepath.Clean(x)
	}
	in := func(dir, x string) bool {
		return x == dir || strings.HasPrefix(x, strings.TrimSuffix(dir, "/")+"/")
	}
	lexical, real := false, false
	cp, rp := filepath.Clean(p), resolve(p)
	for _, f := range folders {
		lexical = lexical || in(filepath.Clean(f), cp)
		real = real || in(resolve(f), rp)
	}
	return lexical && real
}

// scriptHints explains a failed run by its likely cause, in the words of
// run_skill_script: a path the sandbox did not show (not given as an
// input), or a write refused outside the output folder. Nothing under
// --sandbox none, where every path is visible.
func (h *deps) scriptHints(s index.Skill, r scriptRun, res *sandbox.Result) []string {
	if res.ExitCode == 0 || unsandboxed(h.opts.Sandbox) {
		return nil
	}
	missing, readOnly := sandbox.Unreachable(r.request(s), res.Stderr)
	var out []string
	for _, p := range missing {
		out = append(out, fmt.Sprintf("the script could not find %s: the sandbox shows only the skill folder, the inputs and the output folder; if the file exists, pass it (or its folder) in \"inputs\"", p))
	}
	for _, p := range readOnly {
		out = append(out, fmt.Sprintf("the script could not write %s: the skill folder and the inputs are read-only; pass a folder as \"output_dir\" and have the script write there", p))
	}
	return out
}
