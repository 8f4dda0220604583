package audit

import (
	"path"
	"regexp"
	"strings"
)

// How an answer travels through the small helpers a Python client wraps
// its transport in: a helper returns the parsed answer only when the
// body is not empty (return json.loads(body) if body else {}), inside
// parentheses, or parsed straight off the response (json.load(resp)).
// Each is still the server's text; a remote command loop split over a
// package (the poll in transport.py, the shell in __main__.py) is
// otherwise lost at the helper's return.

// pyCondBranches returns the value branches of a conditional expression
// e (a if cond else b: a and b), with the parentheses around e removed;
// ok is false when e is no conditional expression.
func pyCondBranches(e string) (a, b string, ok bool) {
	e = pyUnparen(e)
	i := pyTopKeyword(e, "if")
	if i <= 0 {
		return "", "", false
	}
	j := pyTopKeyword(e[i:], "else")
	if j < 0 {
		return "", "", false
	}
	return strings.TrimSpace(e[:i]), strings.TrimSpace(e[i+j+len("else"):]), true
}

// pyUnparen returns e without the parentheses that wrap all of it
// ((json.loads(b) if b else {}) is the expression inside).
func pyUnparen(e string) string {
	e = strings.TrimSpace(e)
	for len(e) > 1 && e[0] == '(' && pyCloseAt(e, 0) == len(e)-1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	return e
}

// pyTopKeyword returns the index of keyword kw as a whole word in e
// outside brackets and string literals (pyTopOp's scan), or -1.
func pyTopKeyword(e, kw string) int {
	for off := 0; ; {
		i := pyTopOp(e[off:], kw)
		if i < 0 {
			return -1
		}
		// e[i] is a letter at depth 0, so the scan resumes after it at
		// depth 0 too.
		i += off
		if (i == 0 || !isIdentByte(e[i-1])) && (i+len(kw) == len(e) || !isIdentByte(e[i+len(kw)])) {
			return i
		}
		off = i + 1
	}
}

// A client object of the skill's own module is the same transport under
// another name: link = hub.Hub(base); link.pending(token) answers what
// the method's requests call answered, and runner.exec(cmd) on such an
// object runs what the method's shell runs. The methods are found in the
// module (pyClassMethods) and reached in the script through the names it
// binds instances to (pyModuleInstances).

var (
	// pyClassLine is a top-level class statement: group 1 its name.
	pyClassLine = lazyRE(`(?m)^class[ \t]+([A-Za-z_]\w*)`)
	// pyInstanceBind binds a name (or self.name) to a call of a class:
	// group 1 the name, group 2 the qualifier (hub.), group 3 the class.
	pyInstanceBind = lazyRE(`(?m)^[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*(?:await[ \t]+)?((?:[A-Za-z_]\w*\.)*)([A-Z]\w*)[ \t]*\(`)
	// pySelfAttrAssign binds an attribute of self or cls: group 1 the
	// target (self.http), group 2 the value.
	pySelfAttrAssign = lazyRE(`(?m)^[ \t]*((?:self|cls)\.[A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*([^=\n][^\n]*)`)
)

// pyClassMethods returns the methods of each top-level class of Python
// code c: class name to method names. A method is an indented def after
// the class statement with no top-level def or class between.
func pyClassMethods(c string) map[string][]string {
	classes := pyClassLine.FindAllStringSubmatchIndex(c, 128)
	if len(classes) == 0 {
		return nil
	}
	out := map[string][]string{}
	for _, m := range pyDefLine.FindAllStringSubmatchIndex(c, 512) {
		if m[3] == m[2] {
			continue // a top-level function
		}
		owner := ""
		for _, k := range classes {
			if k[0] > m[0] {
				break
			}
			owner = c[k[2]:k[3]]
			// a top-level def between the class and this def ends the class
			if d := strings.LastIndex(c[k[1]:m[0]], "\ndef "); d >= 0 {
				owner = ""
			}
		}
		if owner != "" {
			out[owner] = append(out[owner], c[m[4]:m[5]])
		}
	}
	return out
}

// pyModInstance is a name script code binds to an object of a class of
// one of the skill's own modules.
type pyModInstance struct {
	name string // link, self.link
	mod  linkedFile
	cls  string
}

// pyModuleInstances returns the names Python script c (comments blanked)
// binds to instances of classes of the skill's modules it imports
// (linked): link = hub.Hub(…), through the module's name, or
// link = Hub(…) with Hub imported by name.
func pyModuleInstances(rel, c string, linked []linkedFile) []pyModInstance {
	binds := pyInstanceBind.FindAllStringSubmatch(c, 128)
	if len(binds) == 0 {
		return nil
	}
	var out []pyModInstance
	for _, l := range linked {
		if l.data || strings.ToLower(path.Ext(l.rel)) != ".py" || l.rel == rel {
			continue
		}
		stem := strings.TrimSuffix(path.Base(l.rel), path.Ext(l.rel))
		if stem == "__init__" {
			stem = path.Base(path.Dir(l.rel))
		}
		var mc string
		var classes map[string][]string
		for _, b := range binds {
			qual := strings.TrimSuffix(b[2], ".")
			if qual != "" && qual[strings.LastIndexByte(qual, '.')+1:] != stem {
				continue
			}
			if classes == nil {
				mc = stripComments(l.text, kindPython)
				classes = pyClassMethods(mc)
				if classes == nil {
					classes = map[string][]string{}
				}
			}
			if _, ok := classes[b[3]]; !ok {
				continue
			}
			if qual == "" && !regexp.MustCompile(`(?m)^[ \t]*from[ \t]+[\w.]+[ \t]+import[^\n]*\b`+regexp.QuoteMeta(b[3])+`\b`).MatchString(c) {
				continue
			}
			out = append(out, pyModInstance{b[1], linkedFile{rel: l.rel, text: mc}, b[3]})
		}
	}
	return out
}

// pyInstanceAnswerNames returns the calls through instances (pyModuleInstances)
// of c of the methods that return what a server answered (pyAnswerNames
// of their module): link.pending.
func pyInstanceAnswerNames(rel, c string, linked []linkedFile) []string {
	var out []string
	for _, in := range pyModuleInstances(rel, c, linked) {
		t := pyAnswerNames(in.mod.text, nil)
		for _, m := range pyClassMethods(in.mod.text)[in.cls] {
			if t[m] {
				out = append(out, in.name+"."+m)
			}
		}
	}
	return out
}

// pyInstanceRunners returns the methods, called through instances
// (pyModuleInstances) of c, that run a parameter as a shell's program
// (pyParamRunners of their module), keyed by the call: runner.exec.
func pyInstanceRunners(rel, c string, linked []linkedFile) map[string]pyRunner {
	out := map[string]pyRunner{}
	for _, in := range pyModuleInstances(rel, c, linked) {
		rs := pyParamRunners(in.mod.text, pyProcRuns(in.mod.text), nil)
		for _, m := range pyClassMethods(in.mod.text)[in.cls] {
			if r, ok := rs[m]; ok {
				r.file = path.Base(in.mod.rel)
				out[in.name+"."+m] = r
			}
		}
	}
	return out
}

// pyExecsArgv reports whether process call name runs its first argument
// as the program (an argv, or a program path): subprocess's run, call,
// check_call, check_output and Popen, asyncio's create_subprocess_exec,
// os.exec*, os.posix_spawn and pty.spawn. A server that names the
// program chooses what runs as surely as one that writes a shell line.
func pyExecsArgv(name string) bool {
	base := name[strings.LastIndexByte(name, '.')+1:]
	switch base {
	case "run", "call", "check_call", "check_output", "Popen", "create_subprocess_exec", "posix_spawn", "posix_spawnp":
		return true
	case "spawn":
		return strings.HasPrefix(name, "pty.")
	}
	return strings.HasPrefix(name, "os.exec")
}

// pySplitArg returns the text shlex.split splits (shlex.split(cmd) is
// cmd's words: the argv of the command line cmd), or e itself.
func pySplitArg(e string) string {
	e = strings.TrimSpace(e)
	for _, p := range []string{"shlex.split(", "split("} {
		if strings.HasPrefix(e, p) && strings.HasSuffix(e, ")") && pyCloseAt(e, len(p)-1) == len(e)-1 {
			if a := callArgs(e[len(p):]); len(a) >= 1 {
				return a[0]
			}
		}
	}
	return e
}
