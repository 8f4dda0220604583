package audit

import (
	"strings"
)

// PowerShell removal of the user's files and of the ways back (rule
// destructive-command). psRules' one-line pattern sees Remove-Item
// -Recurse of the home folder itself; the forms read here are the ones a
// "cleanup" script hides the same wipe in: a listing of the home folder
// or of one of its key folders (Documents, Desktop, OneDrive, Pictures,
// Downloads...) piped, through any filter that does not pick entries by
// name, into Remove-Item; Remove-Item -Recurse of such a key folder
// (also spelled [Environment]::GetFolderPath(...)); and the commands
// that remove what would bring the files back: every shadow copy
// (vssadmin delete shadows, wmic shadowcopy delete, Win32_ShadowCopy
// removed through WMI or CIM), critical as ransomware uses them, and the
// recycle bin emptied or free space overwritten (Clear-RecycleBin,
// cipher /w), medium on their own: disk cleaners do that.

var (
	// psHomeExpr is a PowerShell expression for the home folder or one
	// of its key folders, alone as a path or followed by \* or /*.
	psHomeExpr = lazyRE(`(?i)^\(?['"]?(?:\$env:(?:userprofile|homepath|onedrive(?:consumer|commercial)?)|\$home|~|\$\{env:userprofile\}|\[(?:system\.)?environment\]::getfolderpath\(\s*(?:\[(?:system\.)?environment\+specialfolder\]::|['"])?(?:userprofile|mydocuments|personal|desktop|desktopdirectory|mypictures|myvideos|mymusic|favorites)['"]?\s*\))(?:[\\/](?:documents|desktop|onedrive[^\\/'"]*|pictures|videos|music|downloads|source|repos|projects))?[\\/]?\*?['"]?\)?$`)
	// psListCmd starts a listing: Get-ChildItem and its aliases.
	psListCmd = lazyRE(`(?i)^\s*(?:get-childitem|gci|ls|dir)\b`)
	// psRemoveCmd is a pipeline stage that removes what it is given.
	psRemoveCmd = lazyRE(`(?i)^\s*(?:remove-item|ri|rm|del|erase|rd|rmdir)\b`)
	// psPickByName is a filter that picks entries by name or kind (a
	// -Filter or -Include, a Where-Object comparing the name with -eq,
	// -like or -match): a listing narrowed to chosen entries, not the
	// folder's content.
	psPickByName = lazyRE(`(?i)\s-(?:filter|include)\b|\$_\.(?:name|extension|basename|fullname)\s+-(?:eq|like|match|clike|cmatch|ieq|ilike|imatch|in)\b|\s-(?:eq|like|match|in)\s+\$_\.(?:name|extension)`)
	// psRemoveRecurse is Remove-Item (or an alias) with -Recurse, its
	// arguments in group 1.
	psRemoveRecurse = lazyRE(`(?i)^\s*(?:remove-item|ri|rm|del|erase|rd|rmdir)\b(.*\s-r(?:ecurse)?\b.*)$`)
	// psShadowDelete removes every shadow copy (restore points).
	psShadowDelete = lazyRE(`(?i)\bvssadmin(?:\.exe)?\s+delete\s+shadows\b|\bwmic(?:\.exe)?\s+shadowcopy\s+delete\b|\bwin32_shadowcopy\b[^\n]*\|\s*(?:remove-wmiobject|remove-ciminstance|%\s*\{\s*\$_\.delete\(\))|\bvssadmin(?:\.exe)?\s+resize\s+shadowstorage\b[^\n]*/maxsize=\d+(?:b|kb|mb)?\b`)
	// psTrashEmpty empties the recycle bin or overwrites free space.
	psTrashEmpty = lazyRE(`(?i)\bclear-recyclebin\b|\bcipher(?:\.exe)?\s+/w:`)
)

// psPipelines joins code's lines into statements: a line ending with |
// or a backtick, or followed by one starting with |, goes on. Each
// statement comes with the 0-based line it starts on.
func psPipelines(code string) (stmts []string, starts []int) {
	lines := strings.Split(code, "\n")
	cur, start := "", 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if cur == "" {
			start = i
		}
		cur += " " + strings.TrimSuffix(t, "`")
		next := ""
		if i+1 < len(lines) {
			next = strings.TrimSpace(lines[i+1])
		}
		if strings.HasSuffix(t, "|") || strings.HasSuffix(t, "`") || strings.HasPrefix(next, "|") {
			continue
		}
		stmts, starts = append(stmts, cur), append(starts, start)
		cur = ""
	}
	return stmts, starts
}

// psPathArgs returns the path arguments of a Get-ChildItem or
// Remove-Item call (args, after the command's name): -Path or
// -LiteralPath values and positional words, split at commas.
func psPathArgs(args string) []string {
	words := psWords(args)
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") {
			lw := strings.ToLower(w)
			if lw == "-path" || lw == "-literalpath" || lw == "-lp" {
				continue // the next word is a path
			}
			if lw == "-filter" || lw == "-include" || lw == "-exclude" || lw == "-depth" || lw == "-attributes" {
				i++
			}
			continue
		}
		for _, p := range strings.Split(w, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// psWords splits PowerShell arguments at spaces outside quotes and
// parentheses.
func psWords(s string) []string {
	var out []string
	var quote byte
	depth, start := 0, -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
			if start < 0 {
				start = i
			}
		case c == '(':
			depth++
			if start < 0 {
				start = i
			}
		case c == ')':
			depth--
		case (c == ' ' || c == '\t') && depth <= 0:
			flush(i)
			continue
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(s))
	return out
}

// scanPSWipe reports the removals described above in PowerShell code
// (comments blanked; text the original for evidence) whose first line is
// file line line0.
func scanPSWipe(sc *skillCtx, rel, text, code string, line0 int, w where) {
	lower := strings.ToLower(code)
	if !strings.Contains(lower, "remove") && !strings.Contains(lower, "rm") && !strings.Contains(lower, "del") &&
		!strings.Contains(lower, "shadow") && !strings.Contains(lower, "recyclebin") && !strings.Contains(lower, "cipher") {
		return
	}
	textLines := strings.Split(text, "\n")
	add := func(ln int, base Severity, reason string) {
		ev := ""
		if ln >= 0 && ln < len(textLines) {
			ev = strings.TrimSpace(textLines[ln])
		}
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, line0+ln, "destructive-command", sc.rank(base, w, false), reason, ev)
	}
	stmts, starts := psPipelines(code)
	for i, st := range stmts {
		for _, part := range psStatementsOf(st) {
			stages := strings.Split(part, "|")
			if len(stages) >= 2 && psListCmd.MatchString(stages[0]) && psRemoveCmd.MatchString(stages[len(stages)-1]) {
				args := psListCmd.ReplaceAllString(stages[0], "")
				if !psPickByName.MatchString(part) {
					for _, p := range psPathArgs(args) {
						if psHomeExpr.MatchString(p) {
							add(starts[i], Critical, "lists "+strings.Trim(p, `"'`)+" (the user's home folder or a key folder in it) and removes every entry it lists")
							break
						}
					}
				}
			}
			if m := psRemoveRecurse.FindStringSubmatch(stages[0]); m != nil && len(stages) == 1 {
				for _, p := range psPathArgs(m[1]) {
					if psHomeExpr.MatchString(p) && !psHomeWipeRule(part) {
						add(starts[i], Critical, "removes "+strings.Trim(p, `"'`)+" recursively: the user's home folder or a key folder in it")
						break
					}
				}
			}
		}
	}
	li := newLineIndex(code)
	for _, m := range psShadowDelete.FindAllStringIndex(code, 4) {
		add(li.line(m[0])-1, Critical, "deletes the system's shadow copies: the restore points deleted files and folders come back from")
	}
	for _, m := range psTrashEmpty.FindAllStringIndex(code, 4) {
		add(li.line(m[0])-1, Medium, "empties the recycle bin or overwrites free space: deleted files cannot be brought back")
	}
}

// psStatementsOf splits a joined statement at semicolons outside quotes.
func psStatementsOf(st string) []string {
	parts, _ := psStatements(st)
	return parts
}

// psHomeWipeRule reports whether psRules' one-line destructive pattern
// already matches s (the home folder itself removed), so it is reported
// once.
func psHomeWipeRule(s string) bool {
	for _, r := range psRules {
		if r.rule == "destructive-command" && r.re.MatchString(s) {
			return true
		}
	}
	return false
}
