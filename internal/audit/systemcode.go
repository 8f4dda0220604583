package audit

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Code rules of the two rules for Python and JavaScript: removal of the
// root or home folder through the standard library, fork bombs, and
// writes to trust files. Commands given to os.system, subprocess and
// child_process go through the shell rules (scanExecCalls).
var (
	pyHome    = `(?:os\.path\.expanduser\(\s*['"]~/?['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|os\.environ\[\s*['"]HOME['"]\s*\]|os\.(?:getenv|environ\.get)\(\s*['"]HOME['"]\s*\)|['"](?:/|~/?|/(?:usr|etc|bin|boot|home|lib|opt|root|sbin|var|Users|System|Library)/?)['"])`
	jsHome    = `(?:os\.homedir\(\)|process\.env\.HOME|['"\x60](?:/|~/?|/(?:usr|etc|bin|boot|home|lib|opt|root|sbin|var|Users|System|Library)/?)['"\x60])`
	trustPath = `['"](?:/etc/(?:hosts|resolv\.conf|sudoers(?:\.d/[^'"]*)?))['"]`
)

var pySystemRules = []codeRule{
	{"destructive-command", Critical, lazyRE(`shutil\.rmtree\(\s*(?:str\(\s*)?` + pyHome + `\s*\)?\s*[,)]`), "removes the root, home or a system folder recursively", []string{"rmtree"}},
	{"destructive-command", Critical, lazyRE(`while\s+(?:True|1)\s*:\s*\n?\s*os\.fork\(\)`), "a fork bomb: starts copies of itself until the machine stops", []string{"fork"}},
	{"system-trust", High, lazyRE(`open\(\s*` + trustPath + `\s*,\s*['"][aw]|Path\(\s*` + trustPath + `\s*\)\.write_text\(`), "writes to a file the system trusts (hosts, resolv.conf or sudoers)", []string{"/etc/"}},
}

var jsSystemRules = []codeRule{
	{"destructive-command", Critical, lazyRE(`\b(?:rmSync|rmdirSync|rm|rmdir|rimraf(?:\.sync)?|removeSync|remove|emptyDirSync)\(\s*` + jsHome + `\s*[,)]`), "removes the root, home or a system folder recursively", []string{"rm", "remove", "emptyDir"}},
	{"system-trust", High, lazyRE(`(?:appendFile|writeFile)(?:Sync)?\(\s*` + trustPath), "writes to a file the system trusts (hosts, resolv.conf or sudoers)", []string{"/etc/"}},
}

// systemCodeHints are the words Python or JavaScript must hold (lower-
// cased) for the destructive-command and system-trust code rules to find
// anything in it.
var systemCodeHintWords = sync.OnceValue(func() *wordList {
	return newWordList([]string{"rmtree", "rmsync", "rimraf", "remove", "rmdir", "rm(", "fork", "/etc/", "system(", "subprocess", "spawn", "exec", "popen", "command("})
})

// scanSystemCode runs the destructive-command and system-trust rules
// over Python or JavaScript code (comments blanked): the standard
// library patterns, and the shell rules over the commands it runs.
func scanSystemCode(sc *skillCtx, rel, code string, line0 int, k fileKind, w where) {
	c := stripComments(code, k)
	li := newLineIndex(c)
	rules := pySystemRules
	if k == kindJS {
		rules = jsSystemRules
	}
	for _, r := range rules {
		if !containsAny(c, r.need) {
			continue
		}
		if m := r.re.FindStringIndex(c); m != nil {
			ln := li.line(m[0])
			reason := r.reason
			if w != inScript && w != inProse {
				reason += " (in " + w.String() + ")"
			}
			sc.add(rel, line0+ln-1, r.rule, sc.rank(r.base, w, false), reason, strings.TrimSpace(lineText(code, li, ln)))
		}
	}
	if k == kindJS {
		scanJSWalkWipe(sc, rel, code, c, line0, w)
	} else if k == kindPython {
		scanPyWalkWipe(sc, rel, code, c, line0, w)
	}
	before := len(sc.findings)
	scanExecCalls(sc, rel, c, line0, w, k)
	keepRulesIn(sc, before, execRuleIDs())
}

// keepRules drops the findings added since before that are not of the
// destructive-command, system-trust or registry-exec-credential rules:
// text the other shell rules do not read (prose, the commands of exec
// calls, which they see through string literals) is scanned for these
// alone.
func keepRules(sc *skillCtx, before int) { keepRulesIn(sc, before, systemRuleIDs()) }

// keepRulesIn drops the findings added since before whose rule is not in
// ids.
func keepRulesIn(sc *skillCtx, before int, ids map[string]bool) {
	keep := sc.findings[:before]
	for _, f := range sc.findings[before:] {
		if ids[f.RuleID] {
			keep = append(keep, f)
		}
	}
	sc.findings = keep
}

// execCallRe finds a call that runs a command: os.system, os.popen and
// subprocess in Python, child_process's exec, execSync, spawn and
// execFile in JavaScript, Bun.spawn and Deno.Command.
var execCallRe = lazyRE(`\b(?:os\.(?:system|popen)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|execSync|execFileSync|execFile|spawnSync|spawn|exec|Bun\.spawn|new\s+Deno\.Command)\s*\(\s*`)

// homeExpr are expressions for the home folder in Python and
// JavaScript, read as $HOME when they are a command's argument.
var homeExpr = lazyRE(`^(?:os\.path\.expanduser\(\s*['"]~['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|str\(\s*(?:pathlib\.)?Path\.home\(\)\s*\)|os\.homedir\(\)|process\.env\.HOME|os\.environ\[\s*['"]HOME['"]\s*\])$`)

// homeInterp matches the home folder interpolated into a command string:
// ${os.homedir()} in a JavaScript template, {Path.home()} in a Python
// f-string.
var homeInterp = lazyRE(`\$?\{\s*(?:os\.homedir\(\)|process\.env\.HOME|os\.path\.expanduser\(\s*['"]~['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|str\(\s*(?:pathlib\.)?Path\.home\(\)\s*\)|os\.environ\[\s*['"]HOME['"]\s*\])\s*\}`)

// scanExecCalls runs the shell rules over the commands a Python or
// JavaScript file runs: a string given to os.system or exec, or the
// argument list of subprocess or spawn joined as the shell would see it
// (os.homedir() read as $HOME, and so a name bound to it and a join of
// it with literals, os.path.join(home, ".ssh") as $HOME/.ssh; other
// expressions as unknown variables). k is the code's language.
func scanExecCalls(sc *skillCtx, rel, c string, line0 int, w where, k fileKind) {
	if !strings.Contains(c, "system") && !strings.Contains(c, "subprocess") && !strings.Contains(c, "exec") && !strings.Contains(c, "spawn") && !strings.Contains(c, "popen") && !strings.Contains(c, "Command") {
		return
	}
	var pf *pyFolder // read once an argument needs it
	for _, m := range execCallRe.FindAllStringIndex(c, 64) {
		rest := c[m[1]:min(len(c), m[1]+600)]
		var words []string
		if l := strLit.FindStringIndex(rest); l != nil && l[0] == 0 {
			words = append(words, strings.Trim(rest[:l[1]], "\"'`"))
			rest = strings.TrimLeft(rest[l[1]:], " \t\n")
			if !strings.HasPrefix(rest, ",") {
				// one string: the command line itself
				scanShell(sc, rel, homeInterp.ReplaceAllString(unescapeLit(words[0]), "$$HOME"), line0+strings.Count(c[:m[0]], "\n"), w)
				continue
			}
			rest = strings.TrimLeft(rest[1:], " \t\n")
			if q, err := syntax.Quote(words[0], syntax.LangBash); err == nil {
				words[0] = q
			} else {
				words[0] = "$X"
			}
		}
		if !strings.HasPrefix(rest, "[") {
			continue
		}
		if strings.IndexByte(rest, ']') < 0 {
			continue
		}
		for _, el := range callArgs(rest[1:]) {
			el = strings.TrimSpace(el)
			switch {
			case el == "":
			case homeExpr.MatchString(el):
				words = append(words, "$HOME")
			case !strLit.MatchString(el) || strLit.FindStringIndex(el)[0] != 0:
				words = append(words, homeArgWord(c, el, k, &pf))
			case strLit.MatchString(el) && strLit.FindStringIndex(el)[0] == 0 && strLit.FindStringIndex(el)[1] == len(el):
				q, err := syntax.Quote(unescapeLit(el[1:len(el)-1]), syntax.LangBash)
				if err != nil {
					q = "$X"
				}
				words = append(words, q)
			default:
				words = append(words, "$X")
			}
		}
		if len(words) > 0 {
			scanShell(sc, rel, strings.Join(words, " "), line0+strings.Count(c[:m[0]], "\n"), w)
		}
	}
}

// homeArgWord returns the shell word for el, an element of a command's
// argument list that is not a string literal, when it works out to the
// home folder or a path under it ("$HOME/.ssh"): in Python folded as a
// shell call's command line is (names bound once, os.path.join,
// expanduser), in JavaScript evaluated as the walker rule evaluates a
// root (jsEvalPath: names, path.join, path.resolve). Anything else is
// $X, an unknown word.
// pf holds the file's Python folder, made on first use.
func homeArgWord(c, el string, k fileKind, pf **pyFolder) string {
	v := ""
	switch k {
	case kindPython:
		if *pf == nil {
			*pf = newPyFolder(c)
		}
		if f, ok := (*pf).fold(el); ok {
			v = f
		}
	case kindJS:
		if p := jsEvalPath(c, el, 0); p == "~" || strings.HasPrefix(p, "~/") {
			v = "$HOME" + p[1:]
		}
	}
	if !strings.HasPrefix(v, "$HOME") || strings.ContainsAny(v[5:], "$\"'`") || len(v) > 5 && v[5] != '/' {
		return pyUnknown
	}
	return `"` + v + `"`
}
