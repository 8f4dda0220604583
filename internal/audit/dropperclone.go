package audit

import (
	"regexp"
	"strings"
)

// A version-control clone, checkout or fetch into a folder (git clone
// URL dir, hg clone, svn checkout URL dir, bzr branch) downloads, as the
// shell rules read git clone: it runs nothing the server sent. A Python
// or JavaScript process call of one names the folder the script also
// writes files into (setuptools' package index clones a requirement's
// repository into the path it downloads archives to), and that is not
// running the written file; a later call that runs a file from the
// folder is judged as any other run. The program is a version-control
// program by name, or a variable the script binds or compares to one
// (vcs == 'svn'); a call that hands the program a command to run
// (git -c core.sshCommand=..., --upload-pack, hg --config, an ext::
// URL) is not a plain fetch.

// vcsProgs are the version-control programs.
var vcsProgs = lazySet("git", "hg", "svn", "bzr", "brz", "fossil", "darcs", "cvs")

// vcsFetchVerbs are their subcommands that only download a repository
// into a folder or update one from its remote.
var vcsFetchVerbs = lazySet("clone", "checkout", "co", "fetch", "pull", "export", "up", "update", "branch", "get")

// vcsValueOpts are the global options that take the next word as their
// value (a folder or a repository), not a subcommand.
var vcsValueOpts = lazySet("-C", "--cwd", "-R", "--repository", "--git-dir", "--work-tree", "--namespace", "-d", "--directory")

// vcsRunsWords are options and URL forms that make a version-control
// program run a command it is given (lower case).
var vcsRunsWords = []string{"--config", "--upload-pack", "--receive-pack", "--exec", "--template", "--ssh", "--remotecmd", "ext::", "sshcommand", "hookspath", "fsmonitor", "askpass", "credential.helper", "core.editor", "alias."}

// vcsFetchCmd reports whether one rendered command (its wrappers
// skipped) is a version-control program's clone, checkout or fetch. A
// program rendered from a variable ({vcs}) counts when heldVCS says the
// variable holds a version-control program.
func vcsFetchCmd(words []string, heldVCS func(name string) bool) bool {
	for len(words) > 0 && wrappers()[commandName(words[0])] {
		words = words[1:]
	}
	if len(words) < 2 {
		return false
	}
	prog := words[0]
	if inner, ok := strings.CutPrefix(prog, "{"); ok && strings.HasSuffix(inner, "}") && strings.Count(prog, "{") == 1 {
		if !heldVCS(strings.TrimSpace(strings.TrimSuffix(inner, "}"))) {
			return false
		}
	} else if strings.Contains(prog, "{") || !vcsProgs()[commandName(prog)] {
		return false
	}
	for _, w := range words[1:] {
		if w == "-c" || w == "-u" || w == "-e" || containsAny(strings.ToLower(w), vcsRunsWords) {
			return false
		}
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case vcsValueOpts()[w]:
			i++
		case strings.HasPrefix(w, "-"):
		default:
			// a placeholder glued to the verb is its options
			// ("svn checkout%s" % creds renders checkout{creds})
			verb, _, _ := strings.Cut(w, "{")
			return vcsFetchVerbs()[verb]
		}
	}
	return false
}

// vcsHeldBy reports whether the script f binds or compares the name to
// a version-control program's name in quotes (vcs = 'git', vcs ==
// 'svn', 'hg' === tool, vcs in ('git', 'hg')), and does not write a file
// to it: the program it runs is that program, not a written file.
func vcsHeldBy(f, name string, written map[string]bool) bool {
	if !isPyIdent(name) || written[name] || !strings.Contains(f, name) {
		return false
	}
	n := regexp.QuoteMeta(name)
	re, err := regexp.Compile(`(?:^|[^\w.$])` + n + `\s*(?:={1,3}|!==?|\s+in\s*[(\[{])\s*['"](?:` + vcsProgAlt + `)['"]|['"](?:` + vcsProgAlt + `)['"]\s*(?:={2,3}|!==?)\s*` + n + `(?:[^\w$]|$)`)
	return err == nil && re.MatchString(f)
}

// vcsProgAlt is vcsProgs as a regular-expression alternation.
const vcsProgAlt = `git|hg|svn|bzr|brz|fossil|darcs|cvs`

// pyArgvTable returns the argv lists of the command table a Python
// process call picks from (cmds[key], cmds bound once to dict(git=[...],
// hg=[...]) or {'git': [...], ...}), or nil when expr is no such pick or
// a value of the table is not a list: a call of one runs whichever the
// key selects, so it is judged by all of them.
func pyArgvTable(expr string, p *pyFolder) []string {
	expr = strings.TrimSpace(expr)
	i := strings.IndexByte(expr, '[')
	if p == nil || i <= 0 || !strings.HasSuffix(expr, "]") || !isPyIdent(expr[:i]) {
		return nil
	}
	vals, ok := p.values(expr[:i])
	if !ok || len(vals) != 1 {
		return nil
	}
	var items, out []string
	v := vals[0]
	dict := strings.HasPrefix(v, "dict(")
	switch {
	case dict:
		items = callArgs(v[len("dict("):])
	case strings.HasPrefix(v, "{"):
		items = callArgs(v[1:])
	}
	for _, it := range items {
		var val string
		if dict {
			_, val, ok = pyKwarg(it)
		} else {
			parts := pySplitTop(it, ':')
			ok = len(parts) == 2
			val = strings.TrimSpace(parts[len(parts)-1])
		}
		if !ok || !strings.HasPrefix(val, "[") {
			return nil
		}
		out = append(out, val)
	}
	return out
}

// vcsFetchTable reports whether every argv of a command table
// (pyArgvTable) is a version-control fetch.
func vcsFetchTable(argvs []string, vcsFetch func([]string) bool) bool {
	for _, l := range argvs {
		segs, _ := codeCommand([]string{l}, false, false)
		if len(segs) != 1 || !vcsFetch(segs[0]) {
			return false
		}
	}
	return len(argvs) > 0
}
