package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/listing"
	"github.com/skilldex/skilldex/internal/safefs"
	"github.com/spf13/cobra"
)

func newPromptCmd(cfg *config.Config) *cobra.Command {
	var opts promptOptions
	cmd := &cobra.Command{
		Use:   "prompt",
		Short: "Print the <available_skills> block for an agent's system prompt, fitted to a budget",
		Long: `prompt prints the served skills in the Agent Skills reference format (agentskills.io, "Integrate
skills"): <available_skills> holding a <skill> with <name>, <description> and <location> (the absolute path
of SKILL.md) per skill, XML-escaped. The block is held within --budget characters: full descriptions when
they fit, else descriptions shortened to a common length, else names only, else the names of the first
skills that fit; a note then says how many were left out and that the search_skills tool finds every skill.

--write FILE (e.g. AGENTS.md) puts the block between <!-- skilldex:start --> and <!-- skilldex:end --> in
FILE, replacing what was there and leaving the rest of the file as it was (the block is appended when the
markers are absent). Running it again with an unchanged catalog leaves the file unchanged.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPrompt(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Budget, "budget", listing.DefaultBudget, "most characters the block may take")
	cmd.Flags().StringVar(&opts.Format, "format", listing.PromptXML, "xml (the Agent Skills format), markdown or json")
	cmd.Flags().BoolVar(&opts.ExposeHidden, "expose-hidden", false, "also list the skills whose authors hid them from the model (disable-model-invocation: true)")
	cmd.Flags().StringVar(&opts.write, "write", "", "update the marked skilldex block in FILE (e.g. AGENTS.md) instead of printing")
	return cmd
}

// runPrompt prints the <available_skills> block, or writes it between
// the markers of opts.write.
func runPrompt(ctx context.Context, a *app, opts promptOptions) error {
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	p, err := listing.BuildPrompt(cat.List(index.ListOptions{}), opts.PromptOptions)
	if err != nil {
		return err
	}
	w := a.stdout
	if opts.write != "" {
		changed, err := writeBlock(opts.write, p.Text)
		if err != nil {
			return err
		}
		if a.cfg.JSON {
			return writeJSON(w, struct {
				*listing.Prompt
				File    string `json:"file"`
				Changed bool   `json:"changed"`
			}{p, opts.write, changed})
		}
		state := "updated"
		if !changed {
			state = "already up to date"
		}
		_, err = fmt.Fprintf(w, "%s: skill block %s (%d of %d skills, %d characters, %s)\n", opts.write, state, p.Listed, p.Total, p.Chars, p.Mode)
		return err
	}
	if a.cfg.JSON {
		return writeJSON(w, p)
	}
	_, err = fmt.Fprintln(w, p.Text)
	return err
}

// promptOptions are prompt's flags.
type promptOptions struct {
	listing.PromptOptions
	write string // file whose marked block to update; "" prints
}

// writeBlock puts block between the skilldex markers in file (created when
// missing) and reports whether the file changed.
func writeBlock(file, block string) (bool, error) {
	old, err := safefs.ReadPath(file, maxConfigBytes)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	doc, err := listing.ReplaceBlock(old, block)
	if err != nil {
		return false, fmt.Errorf("%s: %w", file, err)
	}
	if bytes.Equal(doc, old) {
		return false, nil
	}
	return true, writeFileAtomic(file, doc)
}

// writeFileAtomic replaces file with data (atomically, 0644 when new, the
// old permissions kept) and never through a link: a link at file, or on
// the way beneath the working or home folder, is an error naming it
// (safefs.WritePath).
func writeFileAtomic(file string, data []byte) error {
	return safefs.WritePath(file, data, 0o644)
}

// maxConfigBytes bounds a config or instructions file skilldex reads
// before rewriting it.
const maxConfigBytes = 16 << 20
