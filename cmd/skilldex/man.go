//go:build man

package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// The man pages are generated from the command definitions (cobra/doc), so
// they never drift from --help, by a build with the man tag (packagers:
// go run -tags man ./cmd/skilldex man DIR). The default binary leaves the
// generator and its markdown and YAML dependencies out.
func init() { extraCmds = append(extraCmds, newManCmd) }

// newManCmd is the hidden `skilldex man DIR`: man pages (section 1) for
// every command.
func newManCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "man DIR",
		Short:  "Write man pages for every command into DIR",
		Hidden: true,
		Args:   cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(args[0], 0o755); err != nil {
				return err
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true // no date: the pages are reproducible
			asManMarkdown(root)
			hdr := &doc.GenManHeader{Title: "SKILLDEX", Section: "1", Source: "skilldex", Manual: "skilldex manual"}
			if err := doc.GenManTree(root, hdr, args[0]); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "man pages written to %s\n", args[0])
			return nil
		},
	}
}

// asManMarkdown rewrites the help text of cmd's tree as the markdown
// cobra/doc reads (manMarkdown): the Long texts keep their paragraphs,
// examples and tables, and the Shorts their <...> and [...]. (cobra/doc
// prints a flag's usage where markdown escapes are not read; no usage
// holds markup.) The tree is the man command's own, built for this run.
func asManMarkdown(cmd *cobra.Command) {
	cmd.Long = manMarkdown(cmd.Long)
	cmd.Short = mdEscape(cmd.Short)
	for _, sub := range cmd.Commands() {
		asManMarkdown(sub)
	}
}
