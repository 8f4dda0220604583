package main

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// usageError is a command line skilldex cannot run as typed (an unknown
// command or flag, a flag value of the wrong type, missing or extra
// arguments). It exits 2 with the command's usage line, as gh, kubectl and
// git do (docs/cli.md, "Exit codes").
type usageError struct {
	cmd *cobra.Command
	msg string
}

func (e *usageError) Error() string { return e.msg }

// printUsageError writes e as `skilldex: MSG`, the usage line and where
// the help is, each fitted to w's width on a terminal (termWidth).
func printUsageError(w io.Writer, e *usageError) {
	width := termWidth(w)
	fmt.Fprintf(w, "%s\n%s\n%s\n", termtext.FitLines("skilldex: "+e.msg, width),
		termtext.FitLines("Usage: "+e.cmd.UseLine(), width), termtext.FitLines("Run '"+e.cmd.CommandPath()+" --help' for more.", width))
}

// commandWords is c's path without the program's name ("read", "sources
// add"), for messages that already start with "skilldex: ".
func commandWords(c *cobra.Command) string {
	path := c.CommandPath()
	if c.HasParent() {
		return strings.TrimPrefix(path, c.Root().Name()+" ")
	}
	return path
}

// flagValue matches pflag's "invalid argument" error.
var flagValue = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?--([\w-]+)" flag`)

// flagWants says in words what a flag of pflag type typ takes.
var flagWants = map[string]string{
	"int": "a whole number", "int64": "a whole number", "uint": "a whole number 0 or more", "float64": "a number",
	"duration": "a duration such as 30s, 5m or 1h30m", "bool": "true or false",
}

// flagUsageError turns pflag's parse errors into words a person reads,
// with a "did you mean" for a mistyped flag; installed with
// SetFlagErrorFunc on the root, so every command gets it.
func flagUsageError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "unknown flag: --"):
		name := strings.TrimPrefix(msg, "unknown flag: --")
		msg = "unknown flag --" + name
		if s := closestFlag(cmd, name); s != "" {
			msg += "; did you mean --" + s + "?"
		}
	case flagValue.MatchString(msg):
		m := flagValue.FindStringSubmatch(msg)
		if fl := cmd.Flags().Lookup(m[2]); fl != nil {
			if want, ok := flagWants[fl.Value.Type()]; ok {
				msg = fmt.Sprintf("--%s wants %s, got %q", m[2], want, m[1])
			}
		}
	}
	return &usageError{cmd, msg}
}

// closestFlag is the flag of cmd (its own and inherited) nearest to name,
// or "" when none is within two edits (a third of a long name) or starts
// with it.
func closestFlag(cmd *cobra.Command, name string) string {
	best, bestD := "", max(2, len(name)/3)+1
	visit := func(f *pflag.Flag) {
		d := config.EditDistance(name, f.Name)
		if strings.HasPrefix(f.Name, name) {
			d = 1
		}
		if d < bestD {
			best, bestD = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// withUsageErrors makes every argument check of cmd's tree a usageError,
// saying what is missing in the command's own words (its Use line).
func withUsageErrors(cmd *cobra.Command) {
	cmd.SuggestionsMinimumDistance = 2
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			err := check(c, args)
			if err == nil {
				return nil
			}
			if _, ok := err.(*usageError); ok {
				return err
			}
			return &usageError{c, argCountText(c, args, err.Error())}
		}
	}
	for _, sub := range cmd.Commands() {
		withUsageErrors(sub)
	}
}

// argCountRE matches cobra's argument-count errors ("accepts 2 arg(s),
// received 1", "requires at least 1 arg(s), only received 0", "accepts at
// most 1 arg(s), received 2", "accepts between 1 and 2 arg(s), received
// 3"): group 1 is the least number the command takes.
var argCountRE = regexp.MustCompile(`^(?:accepts|requires)(?: at least| at most| between)? (\d+)(?: and \d+)? arg\(s\), (?:only )?received \d+$`)

// extraArgsHint is the annotation of a command whose extra arguments have
// a place of their own (run: the script's arguments go in --arg); the
// usage error for too many arguments says it instead of the default hint.
const extraArgsHint = "skilldex/extra-args-hint"

// argCountText is msg, a cobra argument-count error of c, in the command's
// own words (its Use line): `read needs NAME|ID PATH; got only
// "pdf-forms"`, or `show takes NAME|ID; got 2 arguments: "pdf"
// "forms" (quote an argument that holds spaces)`. Any other msg is
// returned as it is.
func argCountText(c *cobra.Command, args []string, msg string) string {
	m := argCountRE.FindStringSubmatch(msg)
	want := strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name()))
	if m == nil || want == "" {
		return msg
	}
	if len(args) == 0 {
		return fmt.Sprintf("%s needs %s", commandWords(c), want)
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = fmt.Sprintf("%q", a)
	}
	if least, _ := strconv.Atoi(m[1]); len(args) < least {
		return fmt.Sprintf("%s needs %s; got only %s", commandWords(c), want, strings.Join(quoted, " "))
	}
	hint := c.Annotations[extraArgsHint]
	if hint == "" {
		hint = "quote an argument that holds spaces"
	}
	return fmt.Sprintf("%s takes %s; got %d arguments: %s (%s)", commandWords(c), want, len(args), strings.Join(quoted, " "), hint)
}

// unknownCommand is cobra's error for a mistyped command, as a usageError
// keeping cobra's suggestions on one line.
func unknownCommand(root *cobra.Command, err error) *usageError {
	msg := err.Error()
	if !strings.HasPrefix(msg, "unknown command ") {
		return nil
	}
	first, rest, _ := strings.Cut(msg, "\n")
	var sugg []string
	for _, l := range strings.Split(rest, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasSuffix(l, "?") {
			sugg = append(sugg, l)
		}
	}
	if len(sugg) > 0 {
		first += "; did you mean " + strings.Join(sugg, " or ") + "?"
	}
	return &usageError{root, first}
}
