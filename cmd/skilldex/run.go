package main

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

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

func newRunCmd(cfg *Config) *cobra.Command {
	var (
		args    []string
		style   string
		timeout time.Duration
		kind    string
		outDir  string
		inputs  []string
	)
	cmd := &cobra.Command{
		Use:   "run SKILL SCRIPT",
		Short: "Run a skill's bundled script (.py, .js, .sh) in the bubblewrap sandbox",
		Long: `run executes SCRIPT (a path relative to the skill folder) with the Agent Zero seed's argument
conventions: --arg-style positional (values in order), named (--key value) or env (no argv); SKILL_ARG_<KEY>
is always set. The script's stdout and stderr are passed through and its exit code becomes ours; a
timeout or truncated output is said on stderr. The sandbox mounts the skill read-only, gives the script a
fresh working folder, no network, and limits on time, output and processes. Nothing else of the host is
visible unless passed: --input PATH (a file or folder, read-only, repeatable) and --output-dir DIR (read-write).`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, pos []string) error {
			log := cfg.logger(cmd.ErrOrStderr())
			sb, err := newSandbox(kind, log)
			if err != nil {
				return err
			}
			st, err := sandbox.ParseArgStyle(style)
			if err != nil {
				return err
			}
			var sargs []sandbox.Arg
			for _, a := range args {
				k, v, ok := strings.Cut(a, "=")
				if !ok {
					return fmt.Errorf("--arg %q: want KEY=VALUE", a)
				}
				sargs = append(sargs, sandbox.Arg{Key: k, Value: v})
			}
			cat, err := cfg.openCatalog(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer cat.Close()
			sk, err := cat.Resolve(pos[0])
			if err != nil {
				return err
			}
			if kind == "none" {
				log.Warn("running without a sandbox", "skill", sk.ID, "script", pos[1])
			}
			req := sandbox.Request{SkillDir: sk.Dir, Script: pos[1], Args: sargs, Style: st, Timeout: timeout, OutputDir: outDir, Inputs: inputs}
			res, err := sb.Run(cmd.Context(), req)
			if err != nil {
				return err
			}
			defer runHints(cmd.ErrOrStderr(), kind, req, res)
			if cfg.JSON {
				if err := writeJSON(cmd.OutOrStdout(), res); err != nil {
					return err
				}
			} else {
				fmt.Fprint(cmd.OutOrStdout(), res.Stdout)
				fmt.Fprint(cmd.ErrOrStderr(), res.Stderr)
			}
			if res.TimedOut {
				fmt.Fprintf(cmd.ErrOrStderr(), "skilldex: script timed out after %v and was killed\n", timeout)
			}
			if res.Truncated {
				fmt.Fprintf(cmd.ErrOrStderr(), "skilldex: output truncated at %d bytes per stream\n", sandbox.DefaultMaxOutput)
			}
			if res.ExitCode != 0 {
				return exitCode(res.ExitCode)
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&args, "arg", nil, "script argument KEY=VALUE (repeatable, order kept)")
	cmd.Flags().StringVar(&style, "arg-style", "positional", "positional, named or env")
	cmd.Flags().DurationVar(&timeout, "timeout", sandbox.DefaultTimeout, "wall-clock limit")
	cmd.Flags().StringVar(&kind, "sandbox", "bwrap", "bwrap, or none (no isolation; logs a warning)")
	cmd.Flags().StringVar(&outDir, "output-dir", "", "absolute folder bound read-write for the script's results")
	cmd.Flags().StringArrayVar(&inputs, "input", nil, "absolute path of a file or folder the script may read, bound read-only at the same path (repeatable; never / or your whole home folder)")
	return cmd
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
