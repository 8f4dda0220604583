package audit

import (
	"path"
	"strings"
)

// cargo-make's Makefile.toml holds tasks `cargo make <task>` runs, and a
// task's dependencies run before it: each task's script is code run on
// the user's machine. A script whose script_runner is @shell (or none)
// is read as shell, at its own lines, by the shell rules. A @duckscript
// script is read for a wipe of the folders beside the project (rule
// destructive-command): duckscript's glob_array of the working folder's
// parent joined to a bare * (`parent = dirname ${root}`, `glob_array
// ${parent}/*/Cargo.toml`) lists every folder next to the project, the
// user's other projects; rm -r of a loop variable walking that list
// (after dirname takes it back to the folder) removes them all. A glob
// under the project (${root}/target/part-*) or of named siblings
// (${parent}/app-part-*) is a cleanup, not a wipe.

// isCargoMake reports whether rel is a cargo-make task file.
func isCargoMake(rel string) bool { return strings.EqualFold(path.Base(rel), "Makefile.toml") }

var (
	// cargoMakeScript is a task's multi-line script: group 1 its quotes.
	cargoMakeScript = lazyRE(`(?m)^[ \t]*script[ \t]*=[ \t]*('''|""")[ \t]*\r?\n?`)
	// cargoMakeRunner is a task's script_runner: group 1 its value.
	cargoMakeRunner = lazyRE(`(?m)^[ \t]*script_runner[ \t]*=[ \t]*["']([^"'\n]*)["']`)
	// duckAssign is a duckscript line assigning a command's output:
	// group 1 the variable, group 2 the command, group 3 its arguments.
	duckAssign = lazyRE(`^([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)\s*(.*)$`)
	// duckFor is a duckscript for loop: group 1 the variable, group 2
	// the list.
	duckFor = lazyRE(`^for\s+([A-Za-z_]\w*)\s+in\s+(.+)$`)
	// duckRm is duckscript's recursive rm: group 1 its target.
	duckRm = lazyRE(`^rm\s+(?:-[a-zA-Z]*r[a-zA-Z]*\s+)+(\S+)\s*$`)
	// duckVar is a ${name} reference filling a whole word.
	duckVar = lazyRE(`^\$\{([A-Za-z_]\w*)\}$`)
)

// scanCargoMake reads the scripts of a cargo-make Makefile.toml (see
// above).
func scanCargoMake(sc *skillCtx, rel, content string) {
	if !isCargoMake(rel) || !strings.Contains(content, "script") {
		return
	}
	for _, m := range cargoMakeScript.FindAllStringSubmatchIndex(content, 256) {
		q := content[m[2]:m[3]]
		end := strings.Index(content[m[1]:], q)
		if end < 0 {
			continue
		}
		body := content[m[1] : m[1]+end]
		line0 := 1 + strings.Count(content[:m[1]], "\n")
		runner := ""
		head := content[:m[0]]
		task := head[strings.LastIndex(head, "\n[")+1:] // the table the script is in
		rest := content[m[1]+end:]
		if n := strings.Index(rest, "\n["); n >= 0 {
			rest = rest[:n]
		}
		for _, part := range []string{task, rest} {
			if r := cargoMakeRunner.FindStringSubmatch(part); r != nil {
				runner = r[1]
			}
		}
		switch runner {
		case "", "@shell", "sh", "bash":
			scanShell(sc, rel, body, line0, inScript)
		case "@duckscript":
			scanDuckSiblingWipe(sc, rel, body, line0)
		}
	}
}

// duckPathKind is what a duckscript variable holds: the project folder,
// its parent, or entries of the parent (every folder beside the project)
// with depth more path parts after the entry.
type duckPathKind struct {
	kind  int // duckProject, duckParent, duckSiblings
	depth int
}

const (
	duckProject = iota + 1
	duckParent
	duckSiblings
)

// scanDuckSiblingWipe reports rm -r in a duckscript script of every
// folder beside the project (see above).
func scanDuckSiblingWipe(sc *skillCtx, rel, body string, line0 int) {
	if !strings.Contains(body, "rm ") || !strings.Contains(body, "glob_array") {
		return
	}
	vars := map[string]duckPathKind{}
	of := func(w string) (duckPathKind, bool) {
		if m := duckVar.FindStringSubmatch(w); m != nil {
			k, ok := vars[m[1]]
			return k, ok
		}
		switch w {
		case ".":
			return duckPathKind{kind: duckProject}, true
		case "..":
			return duckPathKind{kind: duckParent}, true
		}
		return duckPathKind{}, false
	}
	for i, raw := range strings.Split(body, "\n") {
		l := strings.TrimSpace(raw)
		if m := duckFor.FindStringSubmatch(l); m != nil {
			if k, ok := of(strings.TrimSpace(m[2])); ok && k.kind == duckSiblings {
				vars[m[1]] = k
			} else {
				delete(vars, m[1])
			}
			continue
		}
		if m := duckRm.FindStringSubmatch(l); m != nil {
			k, ok := of(m[1])
			switch {
			case ok && k.kind == duckSiblings && k.depth == 0:
				sc.add(rel, line0+i, "destructive-command", Critical, "removes every folder beside the project (the user's other projects): the duckscript globs the working folder's parent with a bare * and rm -r's each match", l)
			case ok && k.kind == duckParent:
				sc.add(rel, line0+i, "destructive-command", Critical, "removes the parent of the working folder: the project and every folder beside it", l)
			}
			continue
		}
		m := duckAssign.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		delete(vars, m[1])
		arg := strings.TrimSpace(m[3])
		switch m[2] {
		case "get_env":
			switch arg {
			case "CARGO_MAKE_WORKING_DIRECTORY", "PWD", "CARGO_MAKE_WORKSPACE_WORKING_DIRECTORY":
				vars[m[1]] = duckPathKind{kind: duckProject}
			}
		case "pwd":
			vars[m[1]] = duckPathKind{kind: duckProject}
		case "dirname":
			if k, ok := of(arg); ok {
				switch {
				case k.kind == duckProject:
					vars[m[1]] = duckPathKind{kind: duckParent}
				case k.kind == duckSiblings && k.depth > 0:
					vars[m[1]] = duckPathKind{kind: duckSiblings, depth: k.depth - 1}
				}
			}
		case "glob_array":
			base, pat, ok := strings.Cut(strings.Trim(arg, `"`), "/")
			if !ok {
				continue
			}
			if k, ok := of(base); ok && k.kind == duckParent {
				parts := strings.Split(pat, "/")
				if parts[0] == "*" {
					vars[m[1]] = duckPathKind{kind: duckSiblings, depth: len(parts) - 1}
				}
			}
		case "set":
			if k, ok := of(arg); ok {
				vars[m[1]] = k
			}
		}
	}
}
