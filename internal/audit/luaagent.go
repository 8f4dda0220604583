package audit

import "strings"

// Lua code that rewrites the agent's own settings (rule agent-tamper) or
// turns its approvals off (rule approval-bypass): a Neovim plugin whose
// setup writes ~/.claude/settings.json. Names split into literals joined
// with Lua's .. operator ("." .. "cla" .. "ude", "bypass" ..
// "Permissions") are read joined, as Lua joins them before the write.

// luaConcatGap matches what may stand between two literals Lua joins:
// the .. operator and blanks (comments are already blanked).
var luaConcatGap = lazyRE(`^\s*\.\.\s*$`)

// luaFoldLits returns lits with every run of quoted literals joined by
// .. merged into one literal at the first one's offset. c is the code
// with comments blanked, as luaTokens returns it; long-bracket literals
// are kept as they are.
func luaFoldLits(c string, lits []litSpan) []litSpan {
	quoted := func(l litSpan) (int, bool) {
		end := l.off + len(l.body) + 2
		if l.off >= len(c) || (c[l.off] != '"' && c[l.off] != '\'') || end > len(c) {
			return 0, false
		}
		return end, true
	}
	var out []litSpan
	for i := 0; i < len(lits); i++ {
		cur := lits[i]
		end, ok := quoted(cur)
		for ok && i+1 < len(lits) {
			next := lits[i+1]
			if next.off < end || !luaConcatGap.MatchString(c[end:next.off]) {
				break
			}
			e2, ok2 := quoted(next)
			if !ok2 {
				break
			}
			cur.body += next.body
			end = e2
			i++
		}
		out = append(out, cur)
	}
	return out
}

// luaSetTail matches the code before a literal that makes it a value
// set: an assignment (not ==, ~=, <=, >=), a table element, a call's
// text a write call is given.
var luaSetTail = lazyRE(`(?:[^=~<>]=|[{,]|[:.]write\s*\(|\bwritefile\s*\()\s*$`)

// luaSetsValue reports whether the literal after before is a value set
// (a field assigned, a table element), not a value a check compares or
// searches for (mode == "bypassPermissions", s:find("bypass..."),
// string.find(s, "bypass...")) or prints (io.write, unless io.output
// sent it to a file).
func luaSetsValue(before string) bool {
	tail := before[max(0, len(before)-80):]
	if luaSearchArgTail.MatchString(tail) {
		return false
	}
	if luaStdWriteTail.MatchString(tail) && !luaIoOutput.MatchString(before) {
		return false // io.write: the terminal, as print
	}
	return luaSetTail.MatchString(tail)
}

// luaSearchArgTail matches the code before the pattern argument of
// string.find, string.match, string.gmatch or string.gsub called with
// its subject first (string.find(line, "bypassPermissions", 1, true)):
// the text looked for, or taken out, not a value set.
var luaSearchArgTail = lazyRE(`\bstring\.(?:find|match|gmatch|gsub)\s*\(\s*[^,()"'\n]*,\s*$`)

// luaStdWriteTail matches the code before the text of a write to the
// terminal: io.write(, io.stdout:write(, io.stderr:write(.
var luaStdWriteTail = lazyRE(`\bio\s*(?:\.\s*write|\.\s*std(?:out|err)\s*:\s*write)\s*\(\s*$`)

// luaIoOutput matches io.output given a file: io.write then writes to it.
var luaIoOutput = lazyRE(`\bio\s*\.\s*output\s*\(\s*[^)\s]`)

// luaAllowAll matches a permission rule that allows a tool on every
// input (Bash(*), Write(*)): with it the agent never asks.
var luaAllowAll = lazyRE(`^(?:Bash|Write|Edit|MultiEdit|WebFetch|mcp__[\w-]+)\(\*\)$`)

// scanLuaAgent reports a Lua file (c, comments blanked; lits its
// literals) that writes the agent's settings or instructions in the home
// folder (agentTamperLits over the joined literals), and every joined
// literal set as a value (luaSetsValue) that is an approval-bypass switch
// (bypassRe), high in a script as the shell's are; an item of a list the
// plugin only checks its settings against (checkListSwitch) sets nothing.
func scanLuaAgent(sc *skillCtx, rel, content, c string, lits []litSpan) {
	folded := luaFoldLits(c, lits)
	if luaWriteCall.MatchString(c) && homeRef.MatchString(c) {
		// home .. "/.codex/config.toml": the part after the home folder.
		rooted := make([]litSpan, len(folded))
		for i, l := range folded {
			rooted[i] = litSpan{l.off, strings.TrimPrefix(l.body, "/")}
		}
		agentTamperLits(sc, rel, c, rooted, -1)
	}
	li := newLineIndex(c)
	for _, l := range folded {
		if len(l.body) > 4096 || !bypassRe.MatchString(l.body) || !luaSetsValue(c[:l.off]) || checkListSwitch(c, l.off+1, l.off+1+len(l.body)) {
			continue
		}
		ln := li.line(l.off)
		reason := "turns off the agent's approval prompts or sandbox, so every later command runs unchecked"
		for _, a := range folded {
			if luaAllowAll.MatchString(a.body) {
				reason += ", and allows " + a.body + " without asking"
				break
			}
		}
		sc.add(rel, ln, "approval-bypass", High, reason, trimmedLine(content, ln))
		return
	}
}
