package audit

import (
	"path"
	"regexp"
	"strings"
)

// The shell run of pyshellanswer.go may sit in a function the network
// code calls: def dispatch(command): subprocess.run(command, shell=True)
// in the script or in a module of the skill it imports (from . import
// handlers; handlers.dispatch(line)), the loop that reads a socket in one
// file and the shell in another. A function runs its parameter when,
// with that parameter taken for what a server answered, the function
// hands it to a shell or interpreter as its program as pyShellRunsAnswer
// and pyFeedsAnswer read a call (also through another such function of
// the same file: a wrapper of a wrapper). A call of one, by its name,
// through self or cls, or through the module's name, that passes it
// what a server answered runs that answer: the same finding, at the
// call. A function that gives its parameter to a fixed program as one
// argument (["git", "checkout", tag]) does not run it.

// pyRunner is a function that runs one of its parameters as a shell's
// program: the parameter's name and index among a call's arguments, and
// the file it is defined in ("" for the calling script).
type pyRunner struct {
	param string
	idx   int
	file  string
	// loop says the run repeats in a loop inside the function (a
	// session that reads a socket until it closes): a remote shell.
	loop bool
}

// pyParamNames returns the parameter names of a def's parameter list
// (the text after its opening parenthesis), as a call passes them: a
// method's self or cls dropped, and *args, **kw, * and / left out.
func pyParamNames(params string) []string {
	var out []string
	for i, p := range callArgs(params) {
		if j := strings.IndexAny(p, ":="); j >= 0 {
			p = p[:j]
		}
		p = strings.TrimSpace(p)
		if i == 0 && (p == "self" || p == "cls") {
			continue
		}
		if !isPyIdent(p) {
			p = "" // keeps the positions of the ones after it
		}
		out = append(out, p)
	}
	return out
}

// pyProcRuns returns the process calls of Python code c (comments
// blanked): the process APIs of os, subprocess, pty and asyncio, also
// through getattr with a joined name and through an alias of the module,
// and run or Popen imported bare (from subprocess import run).
func pyProcRuns(c string) []jsRun {
	bare := strings.Contains(c, "from subprocess import")
	runs, _ := pyGetattrRuns(c, pyConstStrings(c))
	runs = append(runs, pyAliasRuns(c)...)
	for _, m := range pyShellRun.FindAllStringSubmatchIndex(c, 128) {
		name := c[m[2]:m[3]]
		if !strings.Contains(name, ".") && !bare {
			continue // a function of the script's own named run or call
		}
		runs = append(runs, jsRun{name, m[2], m[1]})
	}
	return runs
}

// pyRunAnswerAt returns the offset in c of process call r running an
// answer (t) as a shell or interpreter's program: the call itself, or a
// write to the standard input of the shell it starts; -1 when it does
// not.
func pyRunAnswerAt(c string, r jsRun, t map[string]bool) int {
	if pyShellRunsAnswer(r.name, callArgs(c[r.after:]), t) {
		return r.at
	}
	return pyFeedsAnswer(c, r, t)
}

// pyRunnerCallRE returns the pattern of a call of one of runners' names
// (bare or dotted: handlers.dispatch, self.run): group 1 the callee.
func pyRunnerCallRE(runners map[string]pyRunner) *regexp.Regexp {
	short := map[string]bool{}
	var alts []string
	for k := range runners {
		s := k[strings.LastIndexByte(k, '.')+1:]
		if !short[s] {
			short[s] = true
			alts = append(alts, regexp.QuoteMeta(s))
		}
	}
	return regexp.MustCompile(`(?:^|[^\w.])((?:[A-Za-z_]\w*\.)*(?:` + strings.Join(alts, "|") + `))\s*\(`)
}

// pyRunnerCall returns the first call in c[from:to] of a function of
// runners that passes it an answer (t) in the parameter it runs: its
// offset, the callee as written and the function; at -1 when none. A
// callee is looked up as written, then by its last two names
// (pkg.handlers.dispatch as handlers.dispatch).
func pyRunnerCall(c string, from, to int, re *regexp.Regexp, runners map[string]pyRunner, t map[string]bool) (at int, callee string, r pyRunner) {
	for _, m := range re.FindAllStringSubmatchIndex(c[from:to], 256) {
		callee = c[from+m[2] : from+m[3]]
		if strings.HasSuffix(strings.TrimRight(c[:from+m[2]], " \t"), "def") {
			continue // its definition
		}
		r, ok := runners[callee]
		if !ok {
			parts := strings.Split(callee, ".")
			if len(parts) < 3 {
				continue
			}
			if r, ok = runners[strings.Join(parts[len(parts)-2:], ".")]; !ok {
				continue
			}
		}
		args := callArgs(c[from+m[1]:])
		arg, pos := "", 0
		for _, a := range args {
			if n, v, kw := pyKwarg(a); kw {
				if n == r.param {
					arg = v
				}
				continue
			}
			if strings.HasPrefix(a, "*") {
				break // the positions after it are unknown
			}
			if pos == r.idx {
				arg = a
			}
			pos++
		}
		if arg != "" && pyIsAnswer(arg, t) {
			return from + m[2], callee, r
		}
	}
	return -1, "", pyRunner{}
}

// pyParamRunners returns the functions of Python code c (comments
// blanked) that run a parameter as a shell's program (see above), keyed
// by the names a call in c reaches them by: name, self.name and
// cls.name, merged over seeds (the runners of the modules c imports,
// which its functions may wrap; c's own functions win a name). runs are
// c's process calls (pyProcRuns).
func pyParamRunners(c string, runs []jsRun, seeds map[string]pyRunner) map[string]pyRunner {
	out := map[string]pyRunner{}
	for k, r := range seeds {
		out[k] = r
	}
	own := map[string]bool{}
	if len(runs) == 0 && len(seeds) == 0 {
		return out
	}
	spans := pyFuncSpans(c)
	var re *regexp.Regexp // calls of the runners found so far
	if len(seeds) > 0 {
		re = pyRunnerCallRE(seeds)
	}
	// a function whose body runs its parameter; further rounds, one that
	// hands its parameter to such a function (a wrapper of a wrapper)
	for range 3 {
		grew := false
		for _, s := range spans {
			if own[s.name] {
				continue
			}
			var in []jsRun
			for _, r := range runs {
				if r.at >= s.start && r.at < s.end {
					in = append(in, r)
				}
			}
			body := c[s.start:s.end]
			if len(in) == 0 && (re == nil || !re.MatchString(body)) {
				continue // neither a process call nor a runner's call in it
			}
			// runsIn returns whether the body runs an answer (t) and
			// whether that run repeats in a loop of the body or of the
			// function it calls
			runsIn := func(t map[string]bool) (bool, bool) {
				for _, r := range in {
					if at := pyRunAnswerAt(c, r, t); at >= 0 {
						return true, pyInLoop(c, at) || pyInPeerFor(c, at, t)
					}
				}
				if re != nil {
					if at, _, r := pyRunnerCall(c, s.start, s.end, re, out, t); at >= 0 {
						return true, r.loop || pyInLoop(c, at) || pyInPeerFor(c, at, t)
					}
				}
				return false, false
			}
			if fetched := pyAnswerNames(body, nil); len(fetched) > 0 {
				if ok, _ := runsIn(fetched); ok {
					continue // reported as the body's own download run, not its parameter's
				}
			}
			for i, p := range pyParamNames(s.params) {
				if p == "" {
					continue
				}
				if ok, loop := runsIn(pyAnswerNames(body, []string{p})); ok {
					r := pyRunner{param: p, idx: i, loop: loop}
					for _, k := range []string{s.name, "self." + s.name, "cls." + s.name} {
						out[k] = r
					}
					own[s.name] = true
					grew = true
					break
				}
			}
		}
		if !grew {
			break
		}
		re = pyRunnerCallRE(out)
	}
	return out
}

// pyModuleRunners returns the functions of the skill's own Python modules
// script rel imports (linked) that run a parameter as a shell's program,
// keyed by name and module.name (handlers.dispatch).
func pyModuleRunners(rel string, linked []linkedFile) map[string]pyRunner {
	out := map[string]pyRunner{}
	for _, l := range linked {
		if l.data || strings.ToLower(path.Ext(l.rel)) != ".py" || l.rel == rel {
			continue
		}
		mc := stripComments(l.text, kindPython)
		if !pyShellRun.MatchString(mc) {
			continue
		}
		stem := strings.TrimSuffix(path.Base(l.rel), path.Ext(l.rel))
		if stem == "__init__" {
			stem = path.Base(path.Dir(l.rel)) // a package's own module: import pkg; pkg.run(…)
		}
		for k, r := range pyParamRunners(mc, pyProcRuns(mc), nil) {
			if strings.HasPrefix(k, "self.") || strings.HasPrefix(k, "cls.") {
				continue
			}
			r.file = path.Base(l.rel)
			out[k], out[stem+"."+k] = r, r
		}
	}
	return out
}
