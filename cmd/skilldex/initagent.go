package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/internal/agentconfig"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// initAgentResult is what init-agent --json prints.
type initAgentResult struct {
	Agent  string                  `json:"agent"`
	File   string                  `json:"file,omitempty"`
	Format string                  `json:"format"`
	Server agentconfig.ServerEntry `json:"server"`
	// Native are the skill folders left out because the agent lists them
	// itself (empty when the entry serves them, see agentconfig.PlanNative).
	Native []string `json:"native_left_out"`
	// Plan says in plain words which skill folders the entry serves and why.
	Plan string `json:"plan"`
	// Config is the snippet to add (printed mode) or the whole file as
	// written (--write).
	Config string `json:"config"`
	// Notes say how another agent would read this entry (see
	// sharedEntryNotes).
	Notes   []string `json:"notes,omitempty"`
	Written bool     `json:"written"`
	Changed bool     `json:"changed"`
	Backup  string   `json:"backup,omitempty"`
}

// initAgentOptions are init-agent's argument and flags.
type initAgentOptions struct {
	agent    string
	write    bool
	file     string
	command  string
	allRoots bool
}

func newInitAgentCmd(cfg *config.Config) *cobra.Command {
	var opts initAgentOptions
	// The agents' table is kept as written by the help (an indented
	// block), so it is laid out here for 80 columns: a long entry goes on
	// under itself.
	var docs []string
	for _, n := range agentconfig.Names() {
		doc := termtext.Wrap(agentconfig.Targets[n].Doc, helpPipeWidth-11)
		docs = append(docs, fmt.Sprintf("  %-8s %s", n, strings.ReplaceAll(doc, "\n", "\n"+strings.Repeat(" ", 11))))
	}
	cmd := &cobra.Command{
		Use:   "init-agent " + strings.Join(agentconfig.Names(), "|"),
		Short: "Print (or --write into the agent's config) the MCP server entry that runs skilldex serve",
		Long: `init-agent prints the MCP server entry that starts "skilldex serve" for an agent, and says in plain
words which skill folders it serves. With --dir it serves those folders only. Else it serves the default
skill folders (see skilldex config); the agent's own folders (Claude Code's .claude/skills, ...) are served
too when the agent cannot show all their skills in its own listing (Claude Code lists about 8,000 characters
of names and descriptions) or when no other folder holds skills, and left to the agent otherwise, so no skill
reaches the model twice; --all-roots always serves them (docs/agents.md). The command is the absolute path of the installed skilldex
(as found on PATH, so it survives upgrades); a temporary "go run" build is refused.

With --write it merges the entry into the agent's config file: other servers, keys and comments (JSON with
comments is read as such) are kept, the previous file is copied to FILE.bak first, and the file is replaced
atomically.

` + strings.Join(docs, "\n"),
		Args: func(cmd *cobra.Command, args []string) error {
			names := strings.Join(agentconfig.Names(), ", ")
			switch {
			case len(args) == 0:
				return &usageError{cmd, "init-agent needs the agent to set up: one of " + names}
			case len(args) > 1:
				return &usageError{cmd, fmt.Sprintf("init-agent sets up one agent at a time, got %q", strings.Join(args, " "))}
			case agentconfig.Targets[args[0]].Format == "":
				msg := fmt.Sprintf("unknown agent %q: use one of %s", args[0], names)
				for _, n := range agentconfig.Names() {
					if config.EditDistance(args[0], n) <= 2 {
						msg = fmt.Sprintf("unknown agent %q; did you mean %s? The agents: %s", args[0], n, names)
					}
				}
				return &usageError{cmd, msg}
			}
			return nil
		},
		ValidArgs: agentconfig.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.agent = args[0]
			return runInitAgent(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.write, "write", false, "merge the entry into the agent's config file (backup in FILE.bak)")
	cmd.Flags().StringVar(&opts.file, "file", "", "config file to write instead of the agent's usual one (required for generic)")
	cmd.Flags().StringVar(&opts.command, "command", "", "how the agent starts skilldex (default: the installed skilldex's absolute path)")
	cmd.Flags().BoolVar(&opts.allRoots, "all-roots", false, "also serve the skill folders the agent loads itself")
	return cmd
}

// runInitAgent prints the agent's skilldex server entry, or merges it
// into the agent's config file.
func runInitAgent(ctx context.Context, a *app, opts initAgentOptions) error {
	t, ok := agentconfig.Targets[opts.agent]
	if !ok {
		return fmt.Errorf("unknown agent %q: use one of %s", opts.agent, strings.Join(agentconfig.Names(), ", "))
	}
	if opts.command == "" {
		self, err := os.Executable()
		if err != nil {
			return fmt.Errorf("cannot find this skilldex binary (%v); pass --command /path/to/skilldex", err)
		}
		if opts.command, err = agentconfig.StableCommand(self, exec.LookPath); err != nil {
			return err
		}
	}
	entry := agentconfig.ServerEntry{Command: opts.command, Args: []string{"serve"}}
	if t.Type == "stdio" {
		entry.Type = "stdio"
	}
	res := initAgentResult{Agent: opts.agent, Format: t.Format, Native: []string{}}
	switch {
	case len(a.cfg.Dirs) > 0:
		// The folders named with --dir, absolute: the agent starts the
		// server in a folder of its choosing.
		for _, d := range a.cfg.Roots {
			abs, err := filepath.Abs(d.Path)
			if err != nil {
				return err
			}
			entry.Args = append(entry.Args, "--dir", abs)
		}
		res.Plan = fmt.Sprintf("serves only %s (--dir)", strings.Join(a.cfg.Dirs, ", "))
	case opts.agent == "generic":
		res.Plan = "serves every default skill folder"
	default:
		project := a.cfg.Project
		if project == "" {
			project = "."
		}
		wd, err := filepath.Abs(config.ExpandHome(project))
		if err != nil {
			return err
		}
		home, _ := os.UserHomeDir()
		plan, err := agentconfig.PlanNative(ctx, opts.agent, wd, home, opts.allRoots)
		if err != nil {
			return err
		}
		res.Plan = plan.Why
		if !plan.Serve {
			entry.Args = append(entry.Args, "--for-agent", opts.agent)
			for f := range config.NativeFolders(opts.agent) {
				res.Native = append(res.Native, f.Label())
			}
			sort.Strings(res.Native)
		}
	}
	if t.WorkspaceVar != "" {
		entry.Args = append(entry.Args, "--project", t.WorkspaceVar)
	}
	res.Server = entry
	path, err := agentconfig.FilePath(t, opts.file)
	if err != nil && opts.write {
		return err
	}
	res.File = path
	res.Notes = agentconfig.SharedEntryNotes(opts.agent, opts.allRoots)
	say := func() {
		if a.cfg.JSON {
			return
		}
		sayComment(a.stderr, agentconfig.ServerName+": "+res.Plan)
		for _, n := range res.Notes {
			sayComment(a.stderr, "note: "+n)
		}
	}
	if !opts.write {
		snippet, err := agentconfig.Merge(t, nil, entry)
		if err != nil {
			return err
		}
		res.Config = string(snippet)
		if a.cfg.JSON {
			return writeJSON(a.stdout, res)
		}
		say()
		if path != "" {
			sayComment(a.stderr, fmt.Sprintf("merge into %s (or run: skilldex init-agent %s --write)", path, opts.agent))
		}
		_, err = a.stdout.Write(snippet)
		return err
	}
	doc, changed, backup, err := agentconfig.WriteEntry(t, path, entry)
	if err != nil {
		return err
	}
	res.Config, res.Written, res.Changed, res.Backup = string(doc), true, changed, backup
	if a.cfg.JSON {
		return writeJSON(a.stdout, res)
	}
	say()
	done := "created with the " + agentconfig.ServerName + " server entry"
	switch {
	case !res.Changed:
		done = "the " + agentconfig.ServerName + " server entry is already up to date"
	case res.Backup != "":
		done = agentconfig.ServerName + " server entry written (previous file saved as " + res.Backup + ")"
	}
	// One line piped; in a terminal fitted to its width, continued
	// under the file's name.
	fmt.Fprintln(a.stdout, termtext.Hang(path+": ", done, 2, termtext.Width(a.stdout)))
	return nil
}

// sayComment writes text on w as a "# " comment line, whole when w is not
// a terminal (one line per note, for grep), else fitted to the terminal's
// width (termtext.Hang) with every continuation line starting "#   ", so
// each line still reads as a comment and a new note starts at "# ".
func sayComment(w io.Writer, text string) {
	const lead, indent = "# ", 4
	width := termtext.Width(w)
	if width < indent+20 {
		fmt.Fprintln(w, lead+text)
		return
	}
	fmt.Fprintln(w, strings.ReplaceAll(termtext.Hang(lead, text, indent, width), "\n    ", "\n#   "))
}
