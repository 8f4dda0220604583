package audit

import "strings"

// Rule agent-tamper in a workspace generator. Nx generators and Angular
// schematics write files through a virtual Tree (tree.write(path,
// text), updateJson(tree, path, fn), writeJson(tree, path, value),
// host.overwrite), which the generator's run commits to the workspace:
// a write there is a file write as fs.writeFileSync is. A generator run
// to scaffold a library that also writes the workspace's agent files
// (AGENTS.md, CLAUDE.md, .github/copilot-instructions.md, .mcp.json,
// .claude/settings.json) decides what the agent obeys in that project:
// text written into the instructions that is itself an injection (a
// remote server made the authority, its commands run without asking,
// the block kept from the user) is critical; switches that let the
// agent do more written into .claude/settings.json
// (enableAllProjectMcpServers, an allow rule) are high, critical when
// the generator also registers a remote MCP server. A generator that
// writes a library index into AGENTS.md, or registers the workspace's
// own MCP server, grants nothing and is left alone.

var (
	// treeDevkit imports a generator's Tree API: Nx's devkit or Angular's
	// schematics.
	treeDevkit = lazyRE(`['"]@(?:nx|nrwl)/devkit['"]|['"]@angular-devkit/schematics['"]`)
	// treeWrite is a write through the Tree API: tree.write(path, text),
	// host.overwrite, tree.create, updateJson(tree, path, fn),
	// writeJson(tree, path, value).
	treeWrite = lazyRE(`\b(?:tree|host|\w*[Tt]ree)\.(?:write|overwrite|create)\(|\b(?:updateJson|writeJson)\(`)
	// treeAgentFile is a workspace's agent instruction or settings file,
	// as a path from the workspace's root: group 1 an instruction file,
	// group 2 Claude Code's settings, group 3 an MCP configuration.
	treeAgentFile = lazyRE(`^(?:\./)?(?:((?:\.claude/)?CLAUDE\.md|AGENTS\.md|GEMINI\.md|\.github/copilot-instructions\.md|\.cursorrules|\.windsurfrules|\.cursor/rules/[\w.-]+)|(\.claude/settings(?:\.local)?\.json)|(\.mcp\.json|\.cursor/mcp\.json|\.vscode/mcp\.json|\.gemini/settings\.json))$`)
	// treeGrantSet sets a switch to true (json.enableAllProjectMcpServers
	// = true, autoApprove: true): group 1 the switch.
	treeGrantSet = lazyRE(`\b(\w+)\s*(?:=|:)\s*true\b`)
	// treeAllowSet adds to an allow list (permissions.allow = [...],
	// allow: ['mcp__x'], allow.push(...)).
	treeAllowSet = lazyRE(`\ballow\s*(?:=[^=]|:\s*\[|\.push\()`)
	// treeRemoteURL is a remote server's address in a literal.
	treeRemoteURL = lazyRE(`^(?:https?|wss?)://[^\s/'"]*[A-Za-z]`)
)

// scanTreeAgentWrites reports a JavaScript or TypeScript generator rel
// (code, comments blanked) that writes the workspace's agent files
// through Nx's or Angular's Tree API (see above).
func scanTreeAgentWrites(sc *skillCtx, rel, code string) {
	if !treeDevkit.MatchString(code) || !treeWrite.MatchString(code) {
		return
	}
	var lits []litSpan
	instr, settings, mcp, remote := -1, -1, -1, false
	for _, m := range strLit.FindAllStringIndex(code, 400) {
		body := strings.Trim(code[m[0]:m[1]], "\"'`")
		lits = append(lits, litSpan{m[0], body})
		if f := treeAgentFile.FindStringSubmatch(body); f != nil {
			switch {
			case f[1] != "" && instr < 0:
				instr = m[0]
			case f[2] != "" && settings < 0:
				settings = m[0]
			case f[3] != "" && mcp < 0:
				mcp = m[0]
			}
		}
		remote = remote || treeRemoteURL.MatchString(body)
	}
	li := newLineIndex(code)
	report := func(at int, sev Severity, reason string) {
		ln := li.line(at)
		sc.add(rel, ln, "agent-tamper", sev, reason, strings.TrimSpace(lineText(code, li, ln)))
	}
	if instr >= 0 {
		if planted := plantedInjection(sc, plantedWrittenText(code, lits, plantedSink), false); planted != "" {
			w := treeWrite.FindStringIndex(code)
			report(w[0], Critical, "a workspace generator writes the project's agent instructions ("+lits[litAt(lits, instr)].body+") through its Tree, and the text it writes is an injection ("+planted+"): every agent working in the workspace obeys it")
		}
	}
	if settings < 0 {
		return
	}
	grant := ""
	for _, m := range treeGrantSet.FindAllStringSubmatch(code, 64) {
		if settingsKeys().grantFlags[m[1]] {
			grant = m[1]
			break
		}
	}
	if grant == "" && treeAllowSet.MatchString(code) {
		grant = "an allow rule"
	}
	if grant == "" {
		return
	}
	reason := "a workspace generator writes " + grant + " into the project's " + lits[litAt(lits, settings)].body + " through its Tree: the agent does more there without asking"
	sev := High
	if mcp >= 0 && remote {
		sev = Critical
		reason += ", and it registers a remote MCP server in " + lits[litAt(lits, mcp)].body + " whose tools it lets run"
	}
	report(settings, sev, reason)
}

// litAt returns the index in lits of the literal at offset off.
func litAt(lits []litSpan, off int) int {
	for i, l := range lits {
		if l.off == off {
			return i
		}
	}
	return 0
}
