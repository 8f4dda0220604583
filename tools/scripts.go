package tools

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	res, err := h.opts.Sandbox.Run(ctx, sandbox.Request{SkillDir: s.Dir, Script: r.script, Args: r.args, Style: r.style, Timeout: r.timeout})
	return s, res, err
}
