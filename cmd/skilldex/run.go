package main

import (
	"fmt"
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
		return sandbox.NewBubblewrap(nil)
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
	)
	cmd := &cobra.Command{
		Use:   "run SKILL SCRIPT",
		Short: "Run a skill's bundled script (.py, .js, .sh) in the bubblewrap sandbox",
		Long: `run executes SCRIPT (a path relative to the skill folder) with the Agent Zero seed's argument
conventions: --arg-style positional (values in order), named (--key value) or env (no argv); SKILL_ARG_<KEY>
is always set. The script's stdout and stderr are passed through and its exit code becomes ours; a
timeout or truncated output is said on stderr. The sandbox mounts the skill read-only, gives the script a
fresh working folder, no network, and limits on time, output and processes.`,
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
			res, err := sb.Run(cmd.Context(), sandbox.Request{SkillDir: sk.Dir, Script: pos[1], Args: sargs, Style: st, Timeout: timeout, OutputDir: outDir})
			if err != nil {
				return err
			}
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
	return cmd
}
