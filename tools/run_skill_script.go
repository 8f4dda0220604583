package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// RunSkillScriptInput is the input of run_skill_script. Args is decoded
// again from the raw arguments so its key order (the positional order)
// survives.
type RunSkillScriptInput struct {
	// Skill is a skill name (case-insensitive) or id; the folder comes
	// from the catalog, never from the caller.
	Skill string `json:"skill"`
	// Script is the script path relative to the skill folder (.py, .js,
	// .sh, or a file whose shebang names python3, node or bash).
	Script string `json:"script"`
	// Args are the script arguments, an object whose key order is the
	// positional order (seed agent-zero "script_args").
	Args map[string]any `json:"args,omitempty"`
	// ArgStyle is positional (default), named or env (seed agent-zero
	// "arg_style").
	ArgStyle string `json:"arg_style,omitempty"`
	// TimeoutSeconds is the wall-clock limit; 0 means the sandbox's 60 s,
	// at most MaxScriptTimeout.
	TimeoutSeconds float64 `json:"timeout_seconds,omitempty"`
	// Inputs are absolute paths of files or folders the script may read
	// (read-only), inside the client's roots or the server's
	// --script-path folders.
	Inputs []string `json:"inputs,omitempty"`
	// OutputDir is an absolute folder the script may write to, under the
	// same rule.
	OutputDir string `json:"output_dir,omitempty"`
}

// RunSkillScriptOutput is what a script run produced.
type RunSkillScriptOutput struct {
	// Skill is the id of the skill whose script ran.
	Skill string `json:"skill"`
	// Script is the script path as given.
	Script string `json:"script"`
	// ExitCode follows the shell: 128+N when killed by signal N (a
	// timeout reports 137).
	ExitCode int `json:"exit_code"`
	// Stdout and Stderr are the script's output, each capped at 1 MiB.
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	// DurationMS is the wall time of the run in milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// TimedOut is true when the run was killed at its timeout.
	TimedOut bool `json:"timed_out"`
	// StdoutTruncated and StderrTruncated say that stream passed its cap.
	StdoutTruncated bool `json:"stdout_truncated"`
	StderrTruncated bool `json:"stderr_truncated"`
	// OutOfMemory is true when the run passed its memory limit (all its
	// processes together) and was killed.
	OutOfMemory bool `json:"out_of_memory,omitempty"`
	// Warnings must reach whoever reads the result: on a server started
	// with --sandbox none, every run says it ran without a sandbox.
	Warnings []string `json:"warnings,omitempty"`
	// Hints explain a failure by its likely cause (a path not given as an
	// input, a write outside output_dir).
	Hints []string `json:"hints,omitempty"`
}

// runSkillScriptSchema is written out so arg_style carries its enum and
// args its meaning.
var runSkillScriptSchema = json.RawMessage(`{"type":"object","properties":{` +
	`"skill":{"type":"string","description":"skill name (case-insensitive) or id"},` +
	`"script":{"type":"string","description":"script path relative to the skill folder, e.g. scripts/convert.py (.py, .js or .sh)"},` +
	`"args":{"type":"object","description":"script arguments in order, e.g. {\"input\": \"a.pdf\", \"out\": \"/tmp/x\"}; every value reaches the script as a string and as SKILL_ARG_<KEY>"},` +
	`"arg_style":{"type":"string","enum":["positional","named","env"],"description":"positional (default): values as argv; named: --key value pairs; env: only SKILL_ARG_* environment variables"},` +
	`"timeout_seconds":{"type":"number","minimum":0,"maximum":600,"description":"wall-clock limit in seconds (default 60)"},` +
	`"inputs":{"type":"array","maxItems":64,"items":{"type":"string"},"description":"absolute paths of files or folders the script may read (read-only at the same path), e.g. the user's data file; only inside the client's workspace roots"},` +
	`"output_dir":{"type":"string","description":"absolute path of an existing folder the script may write its results to, inside the client's workspace roots"}` +
	`},"required":["skill","script"],"additionalProperties":false}`)

// runSkillScriptTool describes run_skill_script as the server runs it: in
// the sandbox, or (--sandbox none) saying plainly that there is none,
// so an agent and its user never rely on isolation that
// is not there.
func runSkillScriptTool(sb sandbox.Sandbox) *mcp.Tool {
	desc := "Run a script bundled with a skill (.py, .js or .sh, by its path relative to the skill folder) in the sandbox: " +
		"no network, a read-only view of the skill, a fresh size-limited working folder, a memory and process limit for the whole run, a timeout. " +
		"Returns the exit code, stdout and stderr."
	open := false
	if unsandboxed(sb) {
		desc = "Run a script bundled with a skill (.py, .js or .sh, by its path relative to the skill folder). " + noSandboxNotice +
			" A fresh working folder and a timeout only. Returns the exit code, stdout and stderr."
		open = true
	}
	return &mcp.Tool{Name: "run_skill_script", Description: desc, InputSchema: runSkillScriptSchema,
		Annotations: &mcp.ToolAnnotations{Title: "Run skill script", OpenWorldHint: &open}}
}

// RunSkillScript handles run_skill_script (registered only when
// Options.Sandbox is set). A script that exits non-zero or times out is a
// result with isError and its output; a script that cannot start (unknown
// skill, a path outside the skill, an unsupported type, no sandbox) is an
// error.
func (h *native) RunSkillScript(ctx context.Context, req *mcp.CallToolRequest, in RunSkillScriptInput) (*mcp.CallToolResult, RunSkillScriptOutput, error) {
	a, err := parseArgs(req.Params.Arguments)
	if err != nil {
		return nil, RunSkillScriptOutput{}, err
	}
	sargs, err := scriptArgs(a.vals["args"])
	if err != nil {
		return nil, RunSkillScriptOutput{}, err
	}
	style, err := sandbox.ParseArgStyle(in.ArgStyle)
	if err != nil {
		return nil, RunSkillScriptOutput{}, fmt.Errorf("arg_style %q: use positional, named or env", in.ArgStyle)
	}
	run := scriptRun{skill: in.Skill, script: in.Script, args: sargs, style: style,
		timeout: time.Duration(in.TimeoutSeconds * float64(time.Second)), inputs: in.Inputs, output: in.OutputDir}
	if h.needRoots(req, run) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{rootsInputID: &mcp.ListRootsParams{}}}, RunSkillScriptOutput{}, nil
	}
	if err := h.checkScriptPaths(req, run); err != nil {
		return nil, RunSkillScriptOutput{}, err
	}
	s, res, err := h.runScript(ctx, run)
	if err != nil {
		return nil, RunSkillScriptOutput{}, err
	}
	hints := h.scriptHints(s, run, res)
	out := RunSkillScriptOutput{Skill: s.ID, Script: in.Script, ExitCode: res.ExitCode, Stdout: res.Stdout, Stderr: res.Stderr,
		DurationMS: res.Duration.Milliseconds(), TimedOut: res.TimedOut, StdoutTruncated: res.StdoutTruncated, StderrTruncated: res.StderrTruncated,
		OutOfMemory: res.OutOfMemory, Warnings: res.Warnings, Hints: hints}
	text := scriptReport(s.Name, in.Script, res)
	for _, hint := range hints {
		text += "\nHint: " + hint + "."
	}
	r := textResult(text)
	r.IsError = res.ExitCode != 0 || res.TimedOut || res.OutOfMemory
	return r, out, nil
}

// scriptReport renders a script result as text: the sandbox's warnings
// (each on a "WARNING:" line, first, so no reader misses them), a failure
// line when it failed, then script, exit code, duration, stdout and stderr.
func scriptReport(skill, script string, res *sandbox.Result) string {
	var b strings.Builder
	for _, w := range res.Warnings {
		fmt.Fprintf(&b, "WARNING: %s.\n", strings.TrimSuffix(w, "."))
	}
	switch {
	case res.OutOfMemory:
		b.WriteString("Script failed: it passed the memory limit of its run and was killed; it needs less memory (process the input in parts).\n")
	case res.TimedOut:
		fmt.Fprintf(&b, "Script failed: timed out after %d ms and was killed.\n", res.Duration.Milliseconds())
	case res.ExitCode != 0:
		fmt.Fprintf(&b, "Script failed: exit code %d. Check script_args match expected parameters, review skill docs.\n", res.ExitCode)
	}
	fmt.Fprintf(&b, "Script: %s (skill %s)\nExit code: %d\nDuration: %d ms\n", script, skill, res.ExitCode, res.Duration.Milliseconds())
	stream := func(name, text string, cut bool) {
		fmt.Fprintf(&b, "\n%s:\n", name)
		if text == "" {
			b.WriteString("(empty)\n")
		} else {
			b.WriteString(text)
			if !strings.HasSuffix(text, "\n") {
				b.WriteByte('\n')
			}
		}
		if cut {
			b.WriteString("(output truncated)\n")
		}
	}
	stream("Stdout", res.Stdout, res.StdoutTruncated)
	stream("Stderr", res.Stderr, res.StderrTruncated)
	return strings.TrimSuffix(b.String(), "\n")
}
