package main

import (
	"context"
	"fmt"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// readOptions name the skill and the file to print.
type readOptions struct {
	name, path string
}

func newReadCmd(cfg *config.Config) *cobra.Command {
	return &cobra.Command{
		Use:   "read NAME|ID PATH",
		Short: "Print a text file of a skill (path relative to the skill folder)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRead(cmd.Context(), newApp(cmd, cfg), readOptions{name: args[0], path: args[1]})
		},
	}
}

func runRead(ctx context.Context, a *app, opts readOptions) error {
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	f, err := cat.ReadFile(ctx, opts.name, opts.path)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, f)
	}
	content := f.Content
	if termtext.IsTerminal(a.stdout) {
		// On a terminal, a file's escape sequences are shown, not obeyed;
		// a pipe gets the file exactly.
		content = termtext.Escape(content, true)
	}
	_, err = fmt.Fprint(a.stdout, content)
	return err
}
