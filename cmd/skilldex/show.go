package main

import (
	"context"
	"fmt"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"

	"github.com/spf13/cobra"
)

// showOptions name the skill to show.
type showOptions struct {
	name string // a name or an id
}

func newShowCmd(cfg *config.Config) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME|ID",
		Short: "Print a skill's SKILL.md with its base folder and files",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runShow(cmd.Context(), newApp(cmd, cfg), showOptions{name: args[0]})
		},
	}
}

func runShow(ctx context.Context, a *app, opts showOptions) error {
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	l, err := cat.Load(ctx, opts.name)
	if err != nil {
		return err
	}
	origin, fromSource := a.cfg.Origins.Of(l.Skill.Dir)
	if a.cfg.JSON {
		doc := l.Shown()
		if fromSource {
			doc.Source = origin.Label()
		}
		return writeJSON(a.stdout, doc)
	}
	w := a.stdout
	tty := termtext.IsTerminal(w)
	clean := func(s string) string { return termtext.Escape(s, false) }
	sk := l.Skill
	fmt.Fprintf(w, "Skill: %s (id %s)\nBase directory: %s\n", clean(sk.Name), clean(sk.ID), clean(l.BaseDir))
	if fromSource {
		fmt.Fprintf(w, "From %s (%s lockfile %s)\n", clean(origin.Label()), origin.Scope, clean(origin.Lock))
	}
	// Other copies of the name: which one agents get, where the others are.
	winner := sk.ID
	if sk.ShadowedBy != "" {
		winner = sk.ShadowedBy
	}
	var copies []index.Skill
	for _, o := range cat.List(index.ListOptions{IncludeShadowed: true}) {
		if o.ID != sk.ID && (o.ID == winner || o.ShadowedBy == winner) {
			copies = append(copies, o)
		}
	}
	if sk.ShadowedBy != "" {
		fmt.Fprintf(w, "Shadowed: agents asking for %q get %s instead (an earlier or higher-priority root); this is the copy you named by id\n",
			clean(sk.Name), clean(sk.ShadowedBy))
	} else if len(copies) > 0 {
		fmt.Fprintf(w, "Chosen copy: %s shares its name with %s below; this one wins (an earlier or higher-priority root)\n",
			clean(sk.ID), plural(len(copies), "other skill", "other skills"))
	}
	for _, o := range copies {
		state := "shadowed"
		if o.ShadowedBy == "" {
			state = "chosen"
		}
		fmt.Fprintf(w, "  %s copy: %s (%s)\n", state, clean(o.ID), clean(o.Dir))
	}
	for _, d := range sk.Diagnostics {
		fmt.Fprintf(a.stderr, "%s\n", clean(d.String()))
	}
	if len(l.Files) > 0 {
		fmt.Fprintf(w, "Files (%d; print one with: skilldex read %s PATH):\n", len(l.Files), shellQuote(sk.ID))
		for _, f := range l.Files {
			fmt.Fprintf(w, "  %s\n", clean(f))
		}
	} else {
		fmt.Fprintln(w, "Files: none besides SKILL.md")
	}
	content := l.Content
	if tty {
		content = termtext.Escape(content, true)
	}
	fmt.Fprintf(w, "\n%s", content)
	return nil
}
