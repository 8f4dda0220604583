package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/tools/sandbox"
	"github.com/spf13/cobra"
)

// newSandbox returns the sandbox kind names: "bwrap" (the default) or
// "none", which runs scripts without isolation and says so on every run.
func newSandbox(kind string, log *slog.Logger) (sandbox.Sandbox, error) {
	switch kind {
	case "", "bwrap", "bubblewrap":
		b, err := sandbox.NewBubblewrap(nil)
		if err != nil {
			return nil, err
		}
		log.Info("script sandbox", "limits", b.Limits())
		return b, nil
	case "none":
		log.Warn("scripts run WITHOUT a sandbox (--sandbox none): they can read and write anything this user can")
		return sandbox.NewNone(), nil
	}
	return nil, fmt.Errorf("unknown sandbox %q: use bwrap or none", kind)
}

// runOptions are run's arguments and flags.
type runOptions struct {
	skill, script string
	args          []string // KEY=VALUE
	style         string
	timeout       time.Duration
	kind          string // sandbox kind
	outDir        string
	inputs        []string
}

func newRunCmd(cfg *config.Config) *cobra.Command {
	var opts runOptions
	cmd := &cobra.Command{
		Use:   "run SKILL SCRIPT",
		Short: "Run a skill's bundled script (.py, .js, .sh) in the bubblewrap sandbox",
		Long: `run executes SCRIPT (a path relative to the skill folder) with Agent Zero's argument conventions:
--arg-style positional (values in order), named (--key value) or env (no argv); SKILL_ARG_<KEY>
is always set. The script's stdout and stderr are passed through and its exit code becomes ours; a
timeout or truncated output is said on stderr. The sandbox mounts the skill read-only, gives the script a
fresh working folder, no network, and limits on time, output and processes. Nothing else of the host is
visible unless passed: --input PATH (a file or folder, read-only, repeatable) and --output-dir DIR (read-write).`,
		Args:        cobra.ExactArgs(2),
		Annotations: map[string]string{extraArgsHint: "give the script's arguments as --arg KEY=VALUE, and a file it reads as --input PATH"},
		RunE: func(cmd *cobra.Command, pos []string) error {
			opts.skill, opts.script = pos[0], pos[1]
			return runScript(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().StringArrayVar(&opts.args, "arg", nil, "script argument KEY=VALUE (repeatable, order kept)")
	cmd.Flags().StringVar(&opts.style, "arg-style", "positional", "positional, named or env")
	cmd.Flags().DurationVar(&opts.timeout, "timeout", sandbox.DefaultTimeout, "wall-clock limit")
	cmd.Flags().StringVar(&opts.kind, "sandbox", "bwrap", "bwrap, or none (no isolation; logs a warning)")
	cmd.Flags().StringVar(&opts.outDir, "output-dir", "", "absolute folder bound read-write for the script's results")
	cmd.Flags().StringArrayVar(&opts.inputs, "input", nil, "absolute path of a file or folder the script may read, bound read-only at the same path (repeatable; never / or your whole home folder)")
	return cmd
}

// runScript runs one bundled script of a skill in the sandbox; the
// script's exit status becomes the command's.
func runScript(ctx context.Context, a *app, opts runOptions) error {
	log := a.cfg.Logger(a.stderr)
	sb, err := newSandbox(opts.kind, log)
	if err != nil {
		return err
	}
	st, err := sandbox.ParseArgStyle(opts.style)
	if err != nil {
		return err
	}
	var sargs []sandbox.Arg
	for _, arg := range opts.args {
		k, v, ok := strings.Cut(arg, "=")
		if !ok {
			return fmt.Errorf("--arg %q: want KEY=VALUE", arg)
		}
		sargs = append(sargs, sandbox.Arg{Key: k, Value: v})
	}
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	sk, err := cat.Resolve(opts.skill)
	if err != nil {
		return err
	}
	if opts.kind == "none" {
		log.Warn("running without a sandbox", "skill", sk.ID, "script", opts.script)
	}
	req := sandbox.Request{SkillDir: sk.Dir, Script: opts.script, Args: sargs, Style: st, Timeout: opts.timeout, OutputDir: opts.outDir, Inputs: opts.inputs}
	res, err := sb.Run(ctx, req)
	if err != nil {
		return err
	}
	defer runHints(a.stderr, opts.kind, req, res)
	if a.cfg.JSON {
		if err := writeJSON(a.stdout, res); err != nil {
			return err
		}
	} else {
		fmt.Fprint(a.stdout, res.Stdout)
		fmt.Fprint(a.stderr, res.Stderr)
	}
	if res.TimedOut {
		fmt.Fprintf(a.stderr, "skilldex: script timed out after %v and was killed\n", opts.timeout)
	}
	if res.Truncated {
		fmt.Fprintf(a.stderr, "skilldex: output truncated at %d bytes per stream\n", sandbox.DefaultMaxOutput)
	}
	if res.ExitCode != 0 {
		return exitCode(res.ExitCode)
	}
	return nil
}

// runHints prints, on stderr after the script's own output, the run's
// warnings and, when it failed in the sandbox, the likely cause: a path
// not given with --input, or a write outside --output-dir.
func runHints(w io.Writer, kind string, req sandbox.Request, res *sandbox.Result) {
	for _, warn := range res.Warnings {
		fmt.Fprintf(w, "skilldex: warning: %s\n", warn)
	}
	if res.ExitCode == 0 || kind == "none" {
		return
	}
	missing, readOnly := sandbox.Unreachable(req, res.Stderr)
	for _, p := range missing {
		fmt.Fprintf(w, "skilldex: hint: the script could not find %s: the sandbox shows only the skill folder and what you pass; if it exists, run again with --input %s\n", p, p)
	}
	for _, p := range readOnly {
		fmt.Fprintf(w, "skilldex: hint: the script could not write %s: inputs and the skill are read-only; pass a folder with --output-dir and have the script write there\n", p)
	}
}
