package main

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// renderError is the one place the CLI turns an error into the words a
// person reads. index's errors are neutral values (a name, suggestions, a
// count); the hints here name CLI commands (skilldex search, skilldex
// show), never MCP tools. Catalog text in the message is shown with its
// control characters escaped.
func renderError(err error) string {
	var (
		nf      *index.NotFoundError
		fnf     *index.FileNotFoundError
		inv     *index.InvalidSkillError
		missing *config.MissingRootsError
		locked  *index.LockedError
	)
	switch {
	case errors.As(err, &nf):
		return termtext.Escape(notFoundText(nf), false)
	case errors.As(err, &fnf):
		return termtext.Escape(fileNotFoundText(fnf), false)
	case errors.As(err, &inv):
		var msgs []string
		for _, d := range inv.Errors() {
			m := d.Message
			if d.Fix != "" {
				m += " (fix: " + d.Fix + ")"
			}
			msgs = append(msgs, m)
		}
		return termtext.Escape(fmt.Sprintf("skill %q at %s is not served: %s. See all its problems with: skilldex validate %s",
			inv.Skill.ID, inv.Skill.SkillPath(), strings.Join(msgs, "; "), shellQuote(inv.Skill.Dir)), false)
	case errors.As(err, &missing):
		return missing.Error()
	case errors.As(err, &locked):
		return termtext.Escape(lockedText(locked), false)
	}
	return termtext.Escape(err.Error(), true)
}

// noArgs is cobra.Args for commands that take no arguments, saying so in
// the command's own words rather than "unknown command", with cobra's
// suggestions for a mistyped subcommand.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if cmd.HasSubCommands() {
		msg := fmt.Sprintf("%s has no command %q", commandWords(cmd), args[0])
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, " or ") + "?"
		}
		return &usageError{cmd, msg}
	}
	return &usageError{cmd, fmt.Sprintf("%s takes no arguments, got %q", commandWords(cmd), strings.Join(args, " "))}
}

// notFoundText: `skill "pdf-fomrs" not found among 3 skills; did you mean
// pdf-forms? Find the exact name with: skilldex search pdf fomrs, or
// skilldex list`: the search is of the name's own words, so it can be
// pasted as it is.
func notFoundText(e *index.NotFoundError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "skill %q not found among %s", e.Name, plural(e.Total, "skill", "skills"))
	if len(e.Suggestions) > 0 {
		fmt.Fprintf(&b, "; did you mean %s?", strings.Join(e.Suggestions, ", "))
	} else {
		b.WriteString(".")
	}
	fmt.Fprintf(&b, " Find the exact name with: skilldex search %s, or skilldex list", searchWords(e.Name))
	return b.String()
}

// lockedText: index's neutral *index.LockedError (the data dir, who holds
// it) and the way out in CLI words. The shared server of stdio sessions
// (README, "Many sessions, one catalog") runs as "skilldex serve
// --daemon" and has a command of its own to stop.
func lockedText(e *index.LockedError) string {
	if sharedServerOwns(e) {
		return e.Error() + "; it is the shared server of the open agent sessions: stop it with skilldex serve --stop, or point this command at another --data-dir, or use --mem"
	}
	return e.Error() + ": stop that process, point this command at another --data-dir, or use --mem"
}

// sharedServerOwns reports whether the live holder of the data dir is the
// shared server (started by serve as "serve --daemon", see shared.go).
func sharedServerOwns(e *index.LockedError) bool {
	o := e.Owner
	return o != nil && o.Alive && strings.Contains(o.Command, "serve --daemon")
}

// fileNotFoundText: `file "x" not found in skill "y"; did you mean z? List
// the skill's files with: skilldex show y`.
func fileNotFoundText(e *index.FileNotFoundError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %q not found in skill %q", e.Path, e.SkillID)
	if len(e.Suggestions) > 0 {
		fmt.Fprintf(&b, "; did you mean %s?", strings.Join(e.Suggestions, ", "))
	} else {
		b.WriteString(".")
	}
	fmt.Fprintf(&b, " List the skill's files with: skilldex show %s", shellQuote(e.SkillID))
	return b.String()
}

// searchWords is a skill name as search words, each quoted for a shell
// when it needs it: "pdf-forms" gives "pdf forms"; a name with no letters
// or digits gives the placeholder WORDS.
func searchWords(name string) string {
	words := strings.FieldsFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) == 0 {
		return "WORDS"
	}
	for i, w := range words {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}

// plural is "1 skill", "0 skills", "2 skills".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// shellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and -_./@:+=, so a hint can be pasted as it is.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./@:+=", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
