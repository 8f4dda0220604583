package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Help text is written in the source hard-wrapped at any width and
// rewrapped for the reader: to the terminal's width on a terminal, up to
// helpMaxWidth (longer lines are hard to read), and to helpPipeWidth when
// piped or redirected (a pager, a file, a mail).
const (
	helpMaxWidth  = 100
	helpPipeWidth = 80
)

// helpWidth is the width in columns help text for w is wrapped to.
func helpWidth(w io.Writer) int {
	if cols := termtext.Width(w); cols > 0 {
		return min(cols, helpMaxWidth)
	}
	return helpPipeWidth
}

// termWidth is the width in columns that a report for a person (audit
// findings, doctor, validate) is fitted to on w: on a terminal its width
// as help reads it (termtext.Width: 80 when it cannot be read), but not
// capped at helpMaxWidth, which is for paragraphs of prose: a report's
// lines are locations, ids and evidence that a wide terminal shows whole,
// as tables use the whole width. 0 when w is not a terminal (a pipe, a
// file): reports keep one line per item there, for scripts that grep them.
func termWidth(w io.Writer) int {
	return termtext.Width(w)
}

// helpFunc prints cmd's help (`skilldex CMD --help`, `skilldex help CMD`)
// on its stdout: the Long text (else Short) with its prose paragraphs
// rewrapped to helpWidth and its examples, lists and tables as written
// (termtext.Reflow), then the usage, as cobra's default help does.
// Installed on the root with SetHelpFunc, so every command gets it.
func helpFunc(cmd *cobra.Command, _ []string) {
	w := cmd.OutOrStdout()
	writeHelp(w, cmd, helpWidth(w))
}

// writeHelp writes cmd's help fitted to width columns (helpFunc).
func writeHelp(w io.Writer, cmd *cobra.Command, width int) {
	text := cmd.Long
	if text == "" {
		text = cmd.Short
	}
	if text = strings.TrimRight(text, " \t\n"); text != "" {
		fmt.Fprintf(w, "%s\n\n", termtext.Reflow(text, width))
	}
	if cmd.Runnable() || cmd.HasSubCommands() {
		writeUsage(w, cmd, width)
	}
}

// usageFunc is cobra's usage (printed by cobra only on the paths that
// skilldex does not take: SilenceUsage is set and usage errors print one
// line) wrapped like the help.
func usageFunc(cmd *cobra.Command) error {
	w := cmd.OutOrStderr()
	writeUsage(w, cmd, helpWidth(w))
	return nil
}

// writeUsage writes cmd's usage as cobra's default usage template does
// (docs/cli.md), fitted to width columns: a command's short description
// and a flag's usage wrap under themselves (flagUsages), the closing hint
// wraps as prose, and examples are printed as written.
func writeUsage(w io.Writer, cmd *cobra.Command, width int) {
	var b strings.Builder
	b.WriteString("Usage:")
	if cmd.Runnable() {
		// A long use line wraps with its continuation indented further.
		b.WriteString("\n  " + strings.ReplaceAll(termtext.Wrap(cmd.UseLine(), width-4), "\n", "\n    "))
	}
	if cmd.HasAvailableSubCommands() {
		fmt.Fprintf(&b, "\n  %s [command]", cmd.CommandPath())
	}
	if len(cmd.Aliases) > 0 {
		fmt.Fprintf(&b, "\n\nAliases:\n  %s", cmd.NameAndAliases())
	}
	if cmd.HasExample() {
		fmt.Fprintf(&b, "\n\nExamples:\n%s", strings.TrimRight(cmd.Example, " \t\n"))
	}
	if cmd.HasAvailableSubCommands() {
		b.WriteString("\n\nAvailable Commands:")
		for _, sub := range cmd.Commands() {
			if sub.IsAvailableCommand() || sub.Name() == "help" {
				b.WriteString("\n" + hanging("  "+padRight(sub.Name(), sub.NamePadding())+" ", sub.Short, width))
			}
		}
	}
	if cmd.HasAvailableLocalFlags() {
		b.WriteString("\n\nFlags:\n" + flagUsages(cmd.LocalFlags(), width))
	}
	if cmd.HasAvailableInheritedFlags() {
		b.WriteString("\n\nGlobal Flags:\n" + flagUsages(cmd.InheritedFlags(), width))
	}
	if cmd.HasHelpSubCommands() {
		b.WriteString("\n\nAdditional help topics:")
		for _, sub := range cmd.Commands() {
			if sub.IsAdditionalHelpTopicCommand() {
				b.WriteString("\n" + hanging("  "+padRight(sub.CommandPath(), sub.CommandPathPadding())+" ", sub.Short, width))
			}
		}
	}
	if cmd.HasAvailableSubCommands() {
		b.WriteString("\n\n" + termtext.Wrap(fmt.Sprintf("Use %q for more information about a command.", cmd.CommandPath()+" [command] --help"), width))
	}
	b.WriteString("\n")
	_, _ = io.WriteString(w, b.String())
}

// flagUsages is fs's flag table (pflag's, one flag a line, names and
// types aligned) fitted to width: each flag's usage wraps under itself, or,
// with less than flagUsageMin columns beside the names, on lines of its own
// below the flag, indented by eight. pflag's own FlagUsagesWrapped is not
// used: with a narrow terminal it prints the rest of a usage after a long
// word (a URL) as one line.
func flagUsages(fs *pflag.FlagSet, width int) string {
	type entry struct{ name, usage string }
	var entries []entry
	col := 0
	for _, l := range strings.Split(strings.TrimRight(fs.FlagUsagesWrapped(0), " \n"), "\n") {
		if len(entries) > 0 && col > 0 && strings.TrimSpace(l[:min(col, len(l))]) == "" {
			// A usage's own line break, indented by pflag to the column.
			entries[len(entries)-1].usage += "\n" + strings.TrimSpace(l)
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		name, rest, _ := strings.Cut(l[indent:], "  ")
		usage := strings.TrimLeft(rest, " ")
		if usage != "" {
			col = max(col, len(l)-len(usage))
		}
		entries = append(entries, entry{l[:indent] + name, strings.TrimRight(usage, " ")})
	}
	var b strings.Builder
	for i, e := range entries {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch {
		case e.usage == "":
			b.WriteString(e.name)
		case width-col >= flagUsageMin:
			b.WriteString(hanging(padRight(e.name, col), e.usage, width))
		default:
			b.WriteString(e.name + "\n" + hanging("        ", e.usage, width))
		}
	}
	return b.String()
}

// flagUsageMin is the fewest columns a flag's usage keeps beside the flag
// names before it goes below them.
const flagUsageMin = 30

// hanging is lead followed by text wrapped to width, its continuation
// lines indented to line up under the text's first word. With fewer than
// 20 columns beside lead, text goes on the lines below, indented by four.
func hanging(lead, text string, width int) string {
	indent := len(lead)
	if width-indent < 20 && indent > 4 {
		indent = 4
		lead = strings.TrimRight(lead, " ") + "\n" + strings.Repeat(" ", indent)
	}
	pad := strings.Repeat(" ", indent)
	return lead + strings.ReplaceAll(termtext.Wrap(text, width-indent), "\n", "\n"+pad)
}

// padRight pads s with spaces to n bytes, as cobra's rpad does.
func padRight(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}

// manMarkdown is help text (a Long) as the markdown cobra/doc renders man
// pages from: each prose paragraph on one line (roff fills it to the
// reader's width) with markdown's special characters escaped, so
// "<available_skills>" or "[mcp_servers.skilldex]" print as written; list
// items as markdown list items; and each run of verbatim lines (examples,
// tables; termtext.Classify) as a fenced code block, printed as written.
func manMarkdown(text string) string {
	lines := strings.Split(strings.TrimRight(text, " \t\n"), "\n")
	kinds := termtext.Classify(lines)
	var out []string
	for i := 0; i < len(lines); i++ {
		switch kinds[i] {
		case termtext.Blank:
			out = append(out, "")
		case termtext.Verbatim:
			out = append(out, "", "```")
			for ; i < len(lines) && kinds[i] != termtext.Prose && kinds[i] != termtext.ListItem; i++ {
				if l := strings.TrimRight(lines[i], " \t"); !strings.HasPrefix(l, "```") {
					out = append(out, l)
				}
			}
			i--
			for len(out) > 0 && out[len(out)-1] == "" {
				out = out[:len(out)-1]
			}
			out = append(out, "```", "")
		case termtext.ListItem:
			marker, rest, _ := strings.Cut(lines[i], " ")
			out = append(out, marker+" "+mdEscape(strings.TrimSpace(rest)))
		default:
			var words []string
			for ; i < len(lines) && kinds[i] == termtext.Prose; i++ {
				words = append(words, strings.Fields(lines[i])...)
			}
			i--
			out = append(out, mdEscape(strings.Join(words, " ")))
		}
	}
	return strings.Join(out, "\n")
}

// mdMeta escapes the characters that markdown would read as markup (and
// so drop from a man page): emphasis, code, links and HTML tags.
var mdMeta = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`)

// mdEscape is s with markdown's special characters escaped (mdMeta).
func mdEscape(s string) string { return mdMeta.Replace(s) }
