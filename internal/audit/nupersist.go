package audit

import (
	"regexp"
	"strings"
)

// Nushell persistence (rule persistence): a script that saves (save,
// save -f) a systemd user unit (.service, .timer, .path) or an XDG
// autostart entry (.desktop) into the user's config home (a path join
// of "systemd" "user" or "autostart" in a script naming .config or
// XDG_CONFIG_HOME) installs something that runs again at every login or
// on a schedule: high, as an unasked write of a startup file is in a
// script. When the script also fetches code and runs it (http get ...
// | save to a file then nu, source or run-external of it, or http get
// piped into nu or a shell), what it installs runs whatever a server
// answers each time: a back door taking orders from the network,
// critical.

var (
	// nuUnitSave is a Nushell save of a unit or autostart file: the save
	// command and, on its line, a name ending in a unit's extension.
	nuUnitSave = lazyRE(`\|\s*save\b[^\n]*\.(?:service|timer|path|socket|desktop)\b`)
	// nuStartupDir is a path join (or literal) reaching the systemd user
	// unit folder or the XDG autostart folder.
	nuStartupDir = lazyRE(`path\s+join\b[^\n]*"systemd"\s+"user"|systemd/user\b|path\s+join\b[^\n]*"autostart"|\.config/autostart\b`)
	// nuConfigHome is the user's config home named in the script.
	nuConfigHome = lazyRE(`"\.config"|\.config/|\bXDG_CONFIG_HOME\b`)
	// nuFetchSave is http get piped into save of a file held in a
	// variable, the variable in group 1.
	nuFetchSave = lazyRE(`\bhttp\s+get\b[^\n]*\|\s*save\b[^\n]*?\$(\w+)`)
	// nuFetchPipeRun is http get piped straight into nu or a shell.
	nuFetchPipeRun = lazyRE(`\bhttp\s+get\b[^\n]*\|\s*\^?(?:nu|sh|bash|zsh)\b`)
)

// scanNuPersist reports a Nushell script saving a systemd user unit or an
// autostart entry into the config home (see above): critical when it
// also runs code it fetched.
func scanNuPersist(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "save") {
		return
	}
	code := stripHashComments(content)
	if !nuStartupDir.MatchString(code) || !nuConfigHome.MatchString(code) {
		return
	}
	s := nuUnitSave.FindStringIndex(code)
	if s == nil {
		return
	}
	ln := 1 + strings.Count(code[:s[0]], "\n")
	remote := nuFetchPipeRun.MatchString(code)
	for _, m := range nuFetchSave.FindAllStringSubmatch(code, 8) {
		if regexp.MustCompile(`(?:\^nu|\bnu|\bsource|\bsource-env|\brun-external\s+["']?nu["']?)\s+\$` + regexp.QuoteMeta(m[1]) + `\b`).MatchString(code) {
			remote = true
		}
	}
	if remote {
		sc.add(rel, ln, "persistence", Critical, "saves a systemd user unit or autostart entry that runs the script at every login or on a schedule, and the script fetches code from a server and runs it: a back door taking orders from the network",
			trimmedLine(content, ln))
		return
	}
	sc.add(rel, ln, "persistence", High, "saves a systemd user unit or autostart entry, which runs what it holds at every login or on a schedule",
		trimmedLine(content, ln))
}
