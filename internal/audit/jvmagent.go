package audit

import (
	"path"
	"strings"
)

// C#, Java, Kotlin and Scala (sbt, Mill's build.mill and package.mill)
// programs that rewrite the agent's own settings or
// instructions, or the SKILL.md of the other skills installed for it
// (rule agent-tamper), read by pattern as Perl's are: a string literal
// naming an agent's folder (".claude", ".cursor"), one naming its
// settings or instructions (settings.json, mcp.json, CLAUDE.md; or a file
// agentNamedFile knows by name, claude_desktop_config.json) or, with a
// listing of folders, its installed skills, the home folder
// (Environment.GetFolderPath(SpecialFolder.UserProfile),
// System.getProperty("user.home"), os-lib's os.home) and a write, judged by
// agentTamperLits at the first write that may reach them. A write whose
// target is one literal naming none of them (File.WriteAllText("report.md",
// ..), File("out.json").writeText(..)) reaches only that file.

var (
	// clikeWrite is a C#, Java or Kotlin call that writes a file: group 1
	// is set for calls whose second argument is the path written (a copy
	// or move onto it), group 2 for a Kotlin method on the path.
	// Scala's os-lib (os.write, os.write.over, os.write.append; os.copy
	// and os.move onto their second argument) is read with them.
	clikeWrite = lazyRE(`\bos\.write(?:\.over|\.append)?\s*\(|\bFile\.(?:WriteAll(?:Text|Lines|Bytes)|AppendAll(?:Text|Lines)|Create|CreateText|AppendText|OpenWrite)(?:Async)?\s*\(|\bnew\s+(?:System\.IO\.)?(?:StreamWriter|FileStream|FileWriter|FileOutputStream|PrintWriter)\s*\(|\bFiles\.(?:write|writeString|newBufferedWriter|newOutputStream)\s*\(|\b(File\.(?:Copy|Move|Replace)|Files\.(?:copy|move)|os\.(?:copy|move)(?:\.over)?)\s*\(|(\.\s*(?:writeText|appendText|writeBytes|appendBytes|bufferedWriter|printWriter|outputStream))\s*\(`)
	// clikeListing lists a folder's entries.
	clikeListing = lazyRE(`\b(?:Directory\.(?:GetDirectories|EnumerateDirectories|GetFiles|EnumerateFiles|EnumerateFileSystemEntries)|Files\.(?:list|walk|newDirectoryStream|find)|\.(?:listFiles|walk|walkTopDown|listDirectoryEntries))\s*\(|\.(?:GetDirectories|EnumerateDirectories|walkTopDown)\b`)
	// kotlinFileLit is a Kotlin File or Path made from one literal
	// before a method writing it: group 1 the literal's text.
	kotlinFileLit = lazyRE(`(?:File|Path|Paths\.get|Path\.of)\s*\(\s*"([^"\\\n]*)"\s*\)\s*$`)
)

// isCLikeAgentLang reports whether rel is read by scanCLikeAgent.
func isCLikeAgentLang(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".cs", ".csx", ".java", ".kt", ".kts", ".scala", ".sc", ".sbt", ".mill":
		return true
	}
	return false
}

// scanCLikeAgent reports a C#, Java, Kotlin or Scala file (content) that writes
// the agent's settings or instructions in the home folder, or the
// SKILL.md of skills it lists (see above).
func scanCLikeAgent(sc *skillCtx, rel, content string) {
	if !mayTamper(content, clikeWrite) {
		return
	}
	c := stripComments(content, kindJS)
	w := clikeAgentWrite(c)
	if w < 0 {
		return
	}
	var lits []litSpan
	for _, m := range strLit.FindAllStringIndex(c, 400) {
		lits = append(lits, litSpan{m[0], strings.Trim(c[m[0]:m[1]], "\"'`")})
	}
	agentTamperLitsListed(sc, rel, c, lits, w, clikeListing.MatchString(c) || listsFolder.MatchString(c))
}

// clikeAgentWrite returns the offset of the first write in code
// (comments blanked) that may reach the agent's files, or -1 (see
// above).
func clikeAgentWrite(code string) int {
	own := func(lit string) bool { return !agentPathLit(lit) }
	for _, m := range clikeWrite.FindAllStringSubmatchIndex(code, 64) {
		if m[4] >= 0 {
			// File("report.md").writeText(..)
			if fm := kotlinFileLit.FindStringSubmatch(code[max(0, m[0]-300):m[0]]); fm != nil && own(fm[1]) {
				continue
			}
			return m[0]
		}
		args := stmtArgs(code[m[1]-1:])
		idx := 0
		if m[2] >= 0 {
			idx = 1
		}
		if idx < len(args) {
			a := strings.TrimSpace(args[idx])
			if len(a) >= 2 && a[0] == '"' && a[len(a)-1] == '"' && !strings.ContainsAny(a[1:len(a)-1], `"{$`) && own(a[1:len(a)-1]) {
				continue
			}
		}
		return m[0]
	}
	return -1
}
