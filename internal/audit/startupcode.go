package audit

import (
	"path"
	"regexp"
	"strings"
	"sync"
)

// Persistence in the languages read by pattern that have no
// persistence rule of their own (Swift, Go, Rust, Java, Kotlin, Groovy,
// C#, Elixir, Perl, PHP, Fennel (a Hammerspoon config); Python and JavaScript: code.go, Ruby: ruby.go,
// Lua: lua.go, PowerShell: pspersist.go): a program that writes a file
// and names, in a string literal, a place the system runs code from by
// itself (a LaunchAgents or LaunchDaemons folder, also joined as a path
// part such as "Library/LaunchAgents"; a systemd user unit folder; an
// XDG autostart folder; /etc/cron*; a shell rc file; git hooks) installs
// something that runs again at login, boot or on a schedule: high, as
// an unasked write of unseen content is in a script; medium when the
// program first asks the user yes or no (reads a line from the terminal
// and compares it with "y" or "yes"), as the shell rules rank it. When the program
// also holds a command that downloads and runs a script (curl … | sh),
// what it installs runs whatever a server answers each time: a back
// door taking orders from the network (critical, as a Windows scheduled
// task running a download is). A key written to authorized_keys is a
// back door for remote login (critical). Word lists (qw, ~w) and a run of
// crontab that installs a table count too: startupwords.go.

// startupCodeExts are the files read by this rule.
var startupCodeExts = lazySet(".swift", ".go", ".rs", ".java", ".kt", ".groovy", ".cs", ".csx", ".ex", ".exs", ".pl", ".pm", ".php", ".fnl")

// startupCodePatterns are this rule's patterns, compiled together on
// first use.
type startupCodePatterns struct {
	// write is a call that writes, copies or links a file in one of
	// startupCodeExts' languages.
	write *regexp.Regexp
	// ask reads the user's answer from the terminal; yes is a test of
	// it for yes.
	ask, yes *regexp.Regexp
	// netRun is a command line that pipes a download into a shell (also
	// right after a \n escape in the literal).
	netRun *regexp.Regexp
}

var startupCodeRE = sync.OnceValue(func() *startupCodePatterns {
	return &startupCodePatterns{
		write: regexp.MustCompile(
			// Swift
			`\.write\(\s*to(?:File)?:|\bcreateFile\(\s*atPath:|FileHandle\(\s*forWritingTo|\b(?:copyItem|moveItem|createSymbolicLink)\(\s*at` +
				// Go
				`|\bos\.(?:WriteFile|Create|OpenFile|Rename|Symlink|Link)\(|\bioutil\.WriteFile\(` +
				// Rust
				`|\bfs::(?:write|copy|rename|hard_link)\(|\bFile::create\(|\bOpenOptions::new\(|\bsymlink\(` +
				// Java, Kotlin, Groovy
				`|\bFiles\.(?:write|writeString|copy|move|newBufferedWriter|newOutputStream|createSymbolicLink)\(|\bnew\s+(?:FileWriter|FileOutputStream|PrintWriter)\(|\.write(?:Text|Bytes)\(|\.(?:text|bytes)\s*=` +
				// C#
				`|\bFile\.(?:WriteAll(?:Text|Bytes|Lines)|AppendAll(?:Text|Lines)|Create|Copy|Move|CreateSymbolicLink)\(|\bnew\s+(?:StreamWriter|FileStream)\(` +
				// Elixir
				`|\bFile\.(?:write|cp|rename|ln_s|open)!?\(` +
				// Perl
				`|\bopen\s*\(?\s*(?:my\s+)?[$*]?\w+\s*,\s*['"](?:\+?>|>>)|\bwrite_file\(|->spew(?:_utf8)?\(|\b(?:copy|move)\(` +
				// PHP
				`|\bfile_put_contents\(|\bfopen\([^)\n]*,\s*['"][waxc]\+?b?['"]|\b(?:rename|symlink)\(` +
				// Fennel: (io.open path :w), also "a" and with +
				`|\(\s*io\.open\s+[^\s()]+\s+(?::[wa]\+?b?\b|"[wa]\+?b?")`),
		ask: regexp.MustCompile(`\breadLine\(\s*\)|\bfmt\.Scan(?:ln|f)?\(|bufio\.NewReader\(\s*os\.Stdin\s*\)|bufio\.NewScanner\(\s*os\.Stdin\s*\)|\bstdin\(\)\s*\.read_line\(|\bread_line\(\s*&mut` +
			`|\bnew\s+Scanner\(\s*System\.in\s*\)|\bSystem\.console\(\)\s*\.readLine\(|\breadln\(|\bConsole\.Read(?:Line|Key)\(|\bIO\.gets\(|<\s*STDIN\s*>|\breadline\(|\bfgets\(\s*STDIN`),
		yes:    regexp.MustCompile(`(?i)["'](?:y|yes)["']`),
		netRun: regexp.MustCompile(`(?:\b|\\[nt])(?:curl|wget)\b[^\n]*\|\s*(?:sudo\s+)?(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh\b|\b(?:ba|z)?sh\s+-c\s*\\?["']?\s*\$\(\s*(?:curl|wget)\b`),
	}
})

// startupTargetLit reports whether a string literal's text names a place
// the system runs code from by itself (see above).
func startupTargetLit(body string) bool {
	b := strings.TrimSpace(body)
	if b == "" || len(b) > 300 {
		return false
	}
	return persistTarget.MatchString(b) || persistTarget.MatchString(b+"/") || b == "LaunchAgents" || b == "LaunchDaemons"
}

// scanStartupCode reports a program that installs something run at
// login, boot or on a schedule (see above).
func scanStartupCode(sc *skillCtx, rel, content string) {
	if !startupCodeExts()[strings.ToLower(path.Ext(rel))] {
		return
	}
	c := hashCommentsBlanked(rel, content)
	if strings.EqualFold(path.Ext(rel), ".fnl") {
		c = elispCommentsBlanked(content) // ; comments, as Lisp's
	} else if c == content {
		c = stripComments(content, kindJS) // // and /* */ comments
	}
	re := startupCodeRE()
	// a crontab install comes first: it needs no other write
	var spans []litSpan
	cron := cronInstall(c)
	if cron >= 0 {
		spans = append(spans, litSpan{cron, "crontab"})
	}
	if re.write.MatchString(c) {
		for _, m := range strLit.FindAllStringIndex(c, 4000) {
			spans = append(spans, litSpan{m[0], c[m[0]+1 : max(m[0]+1, m[1]-1)]})
		}
		spans = append(spans, wordListWords(c)...)
	}
	for i, l := range spans {
		body, isCron := l.body, i == 0 && cron >= 0
		if !isCron && !startupTargetLit(body) {
			continue
		}
		sev, reason := High, "writes to a file that runs code again at login, boot or on a schedule ("+Escape(strings.TrimSpace(body), 60)+")"
		if isCron {
			reason = "installs a crontab: what it holds runs again on a schedule"
		}
		at := l.off
		if strings.Contains(body, "authorized_keys") {
			sev, reason = authKeysFinding(body, c)
			if sev < Critical {
				// a test server's own folder: a real target may follow
				ln := 1 + strings.Count(c[:at], "\n")
				sc.add(rel, ln, "persistence", sev, reason, trimmedLine(content, ln))
				continue
			}
		} else if n := re.netRun.FindStringIndex(c); n != nil {
			// the line of the command shows what is installed
			sev, reason = Critical, reason+", and the program holds a command that downloads a script and runs it ("+Escape(c[n[0]:n[1]], 60)+"): what it installs runs whatever a server answers, each time (a back door taking orders from the network)"
			at = n[0]
		}
		if sev == High && re.ask.MatchString(c) && re.yes.MatchString(c) {
			// the user's choice, asked first; what is installed is not read
			sev, reason = Medium, reason+" after asking the user yes or no"
		}
		ln := 1 + strings.Count(c[:at], "\n")
		sc.add(rel, ln, "persistence", sev, reason, trimmedLine(content, ln))
		return
	}
}
