package audit

// A network tool (curl, wget, nc, ncat, socat, by name or by a path under
// /bin or /usr/bin) started as a process is a network call in every
// language read by pattern, as in R, Julia and Zig (otherNetMore): Rust's
// Command::new("curl") (a build.rs run by cargo build with the CI job's
// environment), Go's exec.Command and exec.CommandContext, Java's and
// Kotlin's ProcessBuilder (with its argument list) and Runtime's exec, C#'s
// Process.Start and a ProcessStartInfo's FileName, Swift's Process
// executableURL or launchPath, and Ruby's, Perl's and PHP's system, exec,
// spawn, shell_exec, passthru and popen of a command line starting with
// the tool. What the tool is handed leaves the machine as surely as with
// the language's own HTTP client. It joins otherNet (taint.go).

// netToolName is a network tool's name or path as a literal's start.
const netToolName = `(?:/usr(?:/local)?/bin/|/bin/)?(?:curl|wget|nc|ncat|socat)(?:\.exe)?`

// otherNetProc is otherNet's alternative for a network tool started as a
// process (see above).
const otherNetProc = `|\bCommand::new\(\s*"` + netToolName + `"` +
	`|\bexec\.Command(?:Context)?\(\s*(?:\w+\s*,\s*)?[\x22\x60]` + netToolName + `[\x22\x60]` +
	`|\bProcessBuilder\(\s*(?:listOf\(\s*|List\.of\(\s*|Arrays\.asList\(\s*|new\s+String\[\]\s*\{\s*|arrayOf\(\s*)?"` + netToolName + `[" ]` +
	`|\.exec\(\s*(?:new\s+String\[\]\s*\{\s*|arrayOf\(\s*)?"` + netToolName + `[" ]` +
	`|\bProcess\.Start\(\s*@?"` + netToolName + `"|\bFileName\s*=\s*@?"` + netToolName + `"` +
	`|\b(?:executableURL\s*=\s*URL\(\s*fileURLWithPath:\s*|launchPath\s*=\s*)"` + netToolName + `"` +
	`|\b(?:system|exec|spawn|shell_exec|passthru|popen|proc_open)\s*\(?\s*["']` + netToolName + `["' ]`
