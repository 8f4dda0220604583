package audit

import (
	"encoding/base64"
	"encoding/binary"
	"strings"
	"unicode"
	"unicode/utf16"
)

// PowerShell and Windows batch: encoded commands and persistence.
//
// powershell -EncodedCommand takes base64 of UTF-16LE text, and accepts
// any prefix of the switch (-e, -ec, -en, -enc...). The argument may sit
// apart from the program it is given to (a scheduled task's action sets
// Path and Arguments on separate lines), so every such switch followed by
// base64 is decoded, and the command it hides is read with the
// PowerShell rules at the switch's line.
//
// Windows runs code again by itself from a scheduled task (schtasks
// /create, Register-ScheduledTask, the Task Scheduler COM object
// Schedule.Service's RegisterTaskDefinition), a Run or RunOnce registry
// key, Winlogon's Userinit or Shell, the Startup folder, a WMI event
// subscription or a service; the PowerShell profile is its shell rc file.

// psEncArg matches an -EncodedCommand switch (any prefix PowerShell
// accepts, or -ec) and its base64 argument.
var psEncArg = lazyRE(`(?i)(?:^|[\s'"(,])[-/](?:e|ec|en|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand)(?:['"]?\s*,\s*['"]?|\s+['"]?)([A-Za-z0-9+/]{16,}={0,2})`)

// maxPSDepth bounds encoded commands decoded inside encoded commands.
const maxPSDepth = 3

// decodePSCommand returns the text of an -EncodedCommand argument
// (base64 of UTF-16LE), or "" when it is not printable UTF-16LE text.
func decodePSCommand(arg string) string {
	b, err := base64.StdEncoding.DecodeString(arg)
	if err != nil || len(b) < 4 || len(b)%2 != 0 {
		return ""
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	s := strings.TrimPrefix(string(utf16.Decode(u)), "\uFEFF")
	for _, r := range s {
		if r == unicode.ReplacementChar || !unicode.IsPrint(r) && r != '\n' && r != '\r' && r != '\t' {
			return ""
		}
	}
	return s
}

// scanPSEncoded decodes the encoded commands of PowerShell code (comments
// blanked; text is the original, for line numbers) and scans each as
// PowerShell at its switch's line.
func scanPSEncoded(sc *skillCtx, rel, text, code string, line0 int, w where) {
	if sc.psDepth >= maxPSDepth || !strings.Contains(code, "-") {
		return
	}
	for _, m := range psEncArg.FindAllStringSubmatchIndex(code, 16) {
		cmd := decodePSCommand(code[m[2]:m[3]])
		if cmd == "" {
			continue
		}
		ln := line0 + strings.Count(text[:m[2]], "\n")
		// one line: every finding in it belongs to the switch's line
		flat := strings.NewReplacer("\r\n", "; ", "\n", "; ", "\r", "; ").Replace(cmd)
		reason := "an encoded PowerShell command (-EncodedCommand) hides what it runs: " + Escape(flat, 80)
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, ln, "obfuscation", sc.rank(Medium, w, false), reason, lineAround(text, m[0], m[1]))
		sc.psDepth++
		scanPowerShell(sc, rel, flat, ln, w)
		sc.psDepth--
	}
}

// psPersist are the PowerShell and batch commands that install code to
// run again by itself. write says the match counts only beside a write
// (psRegWrite or psFileWrite) on its line or on a line naming a
// variable the match is assigned to (a registry key or folder kept in a
// variable).
var psPersist = []struct {
	re     *lazyRegexp
	reason string
	write  *lazyRegexp
	need   string // lower-cased: the pattern runs only on code holding it
}{
	{lazyRE(`(?i)\bschtasks(?:\.exe)?\b[^\n]*\s[/-]create\b`), "creates a scheduled task (schtasks /create)", nil, "schtasks"},
	{lazyRE(`(?i)\bRegister-Scheduled(?:Task|Job)\b`), "registers a scheduled task", nil, "register-scheduled"},
	{lazyRE(`(?i)\.RegisterTask(?:Definition)?\s*\(`), "registers a scheduled task through the Task Scheduler's COM object (Schedule.Service)", nil, "registertask"},
	{lazyRE(`(?i)\\Microsoft\\Windows\\CurrentVersion\\(?:Run|RunOnce|RunOnceEx|RunServices|RunServicesOnce|Policies\\Explorer\\Run)\b|\\Microsoft\\Windows NT\\CurrentVersion\\(?:Winlogon|Image File Execution Options)\b|\bUserInitMprLogonScript\b`), "adds a program to a Run, RunOnce or Winlogon registry key, a logon script or an image's debugger: it starts at every login or with the program it hijacks", psRegWrite, ""},
	{lazyRE(`(?i)Start Menu\\Programs\\Startup\b|\bshell:(?:common )?startup\b|GetFolderPath\(\s*['"]?(?:\[Environment\+SpecialFolder\]::)?(?:Common)?Startup\b|SpecialFolder\]::(?:Common)?Startup\b`), "puts a program in the Startup folder: it starts at every login", psFileWrite, "startup"},
	{lazyRE(`(?i)\b(?:__EventFilter|CommandLineEventConsumer|ActiveScriptEventConsumer|__FilterToConsumerBinding)\b`), "subscribes a command to a WMI event: it runs again by itself, after every reboot", nil, "event"},
	{lazyRE(`(?i)\bNew-Service\b|\bsc(?:\.exe)?\s+create\b`), "installs a Windows service: it starts again at every boot", nil, "service"},
}

var (
	// psRegWrite writes a registry value.
	psRegWrite = lazyRE(`(?i)\b(?:Set-ItemProperty|New-ItemProperty|sp|New-Item|reg(?:\.exe)?\s+add)\b|\.SetValue\(|\.CreateSubKey\(`)
	// psFileWrite writes or copies a file, or makes a shortcut.
	psFileWrite = lazyRE(`(?i)\b(?:Copy-Item|cp|copy|Move-Item|move|Set-Content|Add-Content|Out-File|New-Item|xcopy|robocopy)\b|\.CreateShortcut\(|\[IO\.File\]::Write|>`)
	// psRemote fetches code or runs an encoded command: a task that does
	// is a back door that takes orders from the network.
	psRemote = lazyRE(`(?i)\b(?:iwr|irm|curl|wget|invoke-webrequest|invoke-restmethod|start-bitstransfer|bitsadmin)\b|downloadstring|downloadfile|downloaddata|net\.webclient|msxml2\.xmlhttp|winhttp|(?:^|[\s'"(,])-(?:e|ec|en\w*)(?:['"]?\s*,\s*['"]?|\s+['"]?)[A-Za-z0-9+/]{16,}|frombase64string`)
	// psAction gives a task, key or service the command it runs.
	psAction = lazyRE(`(?i)New-ScheduledTaskAction|-Execute\b|-Argument\b|\.Arguments\s*=|\.Path\s*=|\s/tr\s|-BinaryPathName\b|CommandLineTemplate|ScriptText|-Value\b|\s/d\s|Register-ScheduledJob`)
	// psHidden marks a task or program started hidden, as SYSTEM, or
	// filed among Windows' own tasks.
	psHidden = lazyRE(`(?i)-w(?:indowstyle)?\s+hidden\b|\.Hidden\s*=\s*\$true|-Hidden\b|\\Microsoft\\Windows\\|NT AUTHORITY\\SYSTEM|['"]SYSTEM['"]|-User(?:Id)?\s+['"]?SYSTEM\b`)
	// psProfileWrite writes to the PowerShell profile, the shell's rc
	// file.
	psProfileWrite = lazyRE(`(?i)\b(?:Add-Content|Set-Content|Out-File|ac|sc)\b[^\n|;]*\$PROFILE\b|>>?\s*\$PROFILE\b`)
)

// scanPSPersist reports the persistence of PowerShell or batch code
// (comments blanked; text is the original). A task, key or startup
// entry whose command (a line giving one: psAction) downloads or runs
// an encoded command is critical; otherwise
// it is high, medium once the script asks the user (askedUser) first.
// A profile line is ranked like a shell rc line.
func scanPSPersist(sc *skillCtx, rel, text, code string, line0 int, w where) {
	lower := strings.ToLower(code)
	if !containsAny(lower, []string{"schtasks", "register-scheduled", "registertask", "currentversion", "userinitmprlogonscript", "startup", "event", "service", "$profile"}) {
		return
	}
	li := newLineIndex(code)
	remote := false
	for _, m := range psRemote.FindAllStringIndex(code, 64) {
		if psAction.MatchString(lineText(code, li, li.line(m[0]))) {
			remote = true
			break
		}
	}
	hidden := psHidden.MatchString(code)
	for _, p := range psPersist {
		if !strings.Contains(lower, p.need) {
			continue
		}
		m := p.re.FindStringIndex(code)
		if m == nil {
			continue
		}
		ln := li.line(m[0])
		if p.write != nil && !psWrittenAt(code, li, ln, p.write) {
			continue
		}
		base, reason := High, p.reason
		switch {
		case remote:
			base, reason = Critical, reason+", and the command it runs downloads code or is an encoded command"
		case w == inScript && askedUser(code[:m[0]]):
			base, reason = Medium, reason+", after the script asks the user"
		}
		if hidden {
			reason += "; started hidden, as SYSTEM or filed among Windows' own tasks"
		}
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, line0+ln-1, "persistence", sc.rank(base, w, false), reason, trimmedLine(text, ln))
	}
	if !strings.Contains(lower, "$profile") {
		return
	}
	if m := psProfileWrite.FindStringIndex(code); m != nil {
		ln := li.line(m[0])
		line := lineText(code, li, ln)
		base, reason := Low, "adds to the PowerShell profile (the shell's start-up file)"
		if psRemote.MatchString(line) || rcPayloadRisky.MatchString(line) || strings.Contains(strings.ToLower(line), "iex") {
			base, reason = High, "adds code that fetches or runs hidden commands to the PowerShell profile: it runs again in every new shell"
		}
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		if base > Low || w == inScript {
			sc.add(rel, line0+ln-1, "persistence", sc.rank(base, w, false), reason, strings.TrimSpace(line))
		}
	}
}

// psVarAssign matches a PowerShell variable assignment at a line's
// start.
var psVarAssign = lazyRE(`^\s*(\$[\w:]+)\s*=`)

// psWrittenAt reports whether line ln of code writes with write, or
// assigns a variable that a line writing with write names.
func psWrittenAt(code string, li lineIndex, ln int, write *lazyRegexp) bool {
	line := lineText(code, li, ln)
	if write.MatchString(line) {
		return true
	}
	v := psVarAssign.FindStringSubmatch(line)
	if v == nil {
		return false
	}
	for n := ln + 1; n <= len(li); n++ {
		l := lineText(code, li, n)
		if containsFold(l, v[1]) && write.MatchString(l) {
			return true
		}
	}
	return false
}

// containsFold reports whether s holds sub, ignoring ASCII case
// (PowerShell's variable names are case-insensitive).
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// psEncodedArgs reads the encoded command a shell gives PowerShell
// (pwsh -EncodedCommand ... in a shell script or a bash block) as
// PowerShell, at the call's line.
func (s *shScan) psEncodedArgs(line int, c call) {
	args := " " + strings.Join(c.args, " ")
	if !strings.Contains(args, "-") {
		return
	}
	scanPSEncoded(s.sc, s.rel, strings.ReplaceAll(args, "\n", " "), strings.ReplaceAll(args, "\n", " "), s.line0+line-1, s.w)
}
