package audit

import (
	"path"
	"strings"
)

// Rule agent-tamper across a script's own modules. A JavaScript,
// TypeScript or Python script whose paths of the agent's settings or
// skills folders live in a module of its skill (export const
// CLIENT_CONFIGS = [join(home, ".cursor", "mcp.json")] in clients.ts,
// imported by setup.ts that writes each one) or in a data file it loads
// (a JSON list of config paths) is judged as one program, as the
// credential readers judge a target list moved into a module
// (credmodule.go): the write in the script, the home folder and the
// agent's folder anywhere in the script and the files it links
// (linkedOf). Reported at the script's first write, high as the
// same-file rule (agentTamperLits).

// agentSettingsReason is agentVerdict's reason for a write of the
// agent's settings or instructions.
const agentSettingsReason = "writes the agent's own settings or instructions in the home folder"

// agentVerdict is the agent-tamper judgement over the string values
// bodies of one program (see agentTamperLits): the reason, or "" when
// they name no agent folder or neither its settings or instructions nor
// installed skills that the program lists (lists).
func agentVerdict(bodies []string, lists bool) string {
	dir, instr, skills := false, false, false
	for _, b := range bodies {
		named := agentNamedFile.MatchString(b)
		dir = dir || named || agentDirPart.MatchString(b)
		instr = instr || named || agentInstrPart.MatchString(b)
		skills = skills || agentSkillsPart.MatchString(b)
	}
	switch {
	case !dir:
		return ""
	case instr:
		return agentSettingsReason
	case skills && lists:
		return "rewrites the other skills installed for the agent"
	}
	return ""
}

// jsObjKey is an unquoted key of a JavaScript object literal
// ({ SessionStart: [...] }): group 1 the key.
var jsObjKey = lazyRE(`(?:[{,]\s*)([A-Z][A-Za-z]{2,30})\s*:`)

// codeStrings returns the unquoted string literals of code, and the
// unquoted object keys that name an agent's hook event (a key is a
// string in the JSON the program writes).
func codeStrings(code string) []string {
	var out []string
	for _, m := range strLit.FindAllString(code, 400) {
		out = append(out, strings.Trim(m, "\"'`"))
	}
	for _, m := range jsObjKey.FindAllStringSubmatch(code, 64) {
		if agentHookEvent.MatchString(m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// scanAgentModule reports the JavaScript, TypeScript or Python script rel
// (content) that writes files into the agent's folders named in the
// modules and data files it links (linked) (see above). A script that
// is judged alone (scanAgentCode) is left to that rule.
func scanAgentModule(sc *skillCtx, rel, content string, linked []linkedFile) {
	if len(linked) == 0 {
		return
	}
	k := kindOf(rel, content)
	write := pyWrite
	switch k {
	case kindJS:
		write = jsWrite
	case kindPython:
	default:
		return
	}
	c := stripComments(content, k)
	w := write.FindStringIndex(c)
	if w == nil {
		return
	}
	own := codeStrings(c)
	lists := listsFolder.MatchString(c)
	if mayTamper(c, write) && agentVerdict(own, lists) != "" {
		return // scanAgentCode reports it
	}
	bodies, home, from := own, homeRef.MatchString(c), ""
	for _, l := range linked {
		if l.via != "" {
			continue // a module's data file is the listed-credential rule's alone
		}
		var vals []string
		if l.data {
			for _, v := range dataStrings(l) {
				vals = append(vals, homeRel(v))
			}
			home = home || homeRefData(dataStrings(l))
		} else {
			lk := kindOf(l.rel, l.text)
			if lk != kindJS && lk != kindPython {
				continue
			}
			lc := stripComments(l.text, lk)
			vals = codeStrings(lc)
			home = home || homeRef.MatchString(lc)
			lists = lists || listsFolder.MatchString(lc)
		}
		if from == "" && namesAgentPart(vals) {
			from = l.rel
		}
		bodies = append(bodies, vals...)
	}
	reason := agentVerdict(bodies, lists)
	if reason == "" || !home || from == "" {
		return
	}
	if reason == agentSettingsReason {
		// a hook command among the linked files' literals: read as the
		// same-file rule reads them, reported at the write
		lits := make([]litSpan, 0, len(bodies))
		for _, b := range bodies {
			lits = append(lits, litSpan{w[0], b})
		}
		agentHookLits(sc, rel, c, lits)
	}
	li := newLineIndex(c)
	ln := li.line(w[0])
	sev, why := High, reason+" named in "+path.Base(from)+": what it obeys next comes from this skill"
	var ownLits []litSpan
	for _, m := range strLit.FindAllStringIndex(c, 400) {
		ownLits = append(ownLits, litSpan{m[0], strings.Trim(c[m[0]:m[1]], "\"'`")})
	}
	named := false
	for _, b := range bodies {
		named = named || agentInstrMD.MatchString(b)
	}
	if planted := plantedInLits(sc, c, ownLits, named); planted != "" {
		sev, why = Critical, why+", and it plants "+planted+" in the instructions it writes"
	}
	sc.add(rel, ln, "agent-tamper", sev, why, strings.TrimSpace(lineText(content, li, ln)))
}

// namesAgentPart reports whether one of vals names an agent's folder,
// its settings or instruction files, or installed skills.
func namesAgentPart(vals []string) bool {
	for _, v := range vals {
		if agentPathLit(v) {
			return true
		}
	}
	return false
}

// homeRel returns v with a leading home folder ($HOME/, ${HOME}/,
// %USERPROFILE%\) spelled as ~/, the form agentDirPart reads.
func homeRel(v string) string {
	for _, p := range []string{"$HOME/", "${HOME}/", "%USERPROFILE%\\", "%USERPROFILE%/"} {
		if strings.HasPrefix(v, p) {
			return "~/" + strings.ReplaceAll(v[len(p):], "\\", "/")
		}
	}
	return v
}

// homeRefData reports whether a data file's values name a path from the
// home folder (~/.claude/settings.json, $HOME/.cursor).
func homeRefData(vals []string) bool {
	for _, v := range vals {
		if strings.HasPrefix(homeRel(v), "~/") {
			return true
		}
	}
	return false
}
