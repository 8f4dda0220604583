package audit

import (
	"net"
	"path"
	"strings"
)

// CMake files (CMakeLists.txt, *.cmake: modules, toolchain and preset
// scripts) are code that runs at every configure, on every developer's
// machine and in CI, with the user's rights. Rule download-exec: a file
// fetched with file(DOWNLOAD) and then run (execute_process naming it,
// include() of it, a compiler or launcher set to it or to a folder
// extracted from it) is high when no EXPECTED_HASH pins it; critical when
// the fetch also skips certificate checks (TLS_VERIFY OFF,
// CMAKE_TLS_VERIFY off), uses plain http or an IP address, or the run
// hides its output (OUTPUT_QUIET, ERROR_QUIET): the server, or anyone on
// the way, decides what runs, unseen. A pinned hash fixes what runs and is
// not reported. A download that skips certificate checks without being
// run is medium. The commands execute_process,
// add_custom_command and add_custom_target give are read as shell
// (execute_process's COMMANDs as one pipeline), with the variables set()
// in the file expanded and $ENV{X} read as $X. A vcpkg port's
// portfile.cmake is the same code, run at every vcpkg install of the
// port: vcpkg_execute_required_process and vcpkg_execute_build_process
// run their COMMANDs as execute_process does, and vcpkg_download_distfile
// is a download, pinned only by its SHA512.

// cmakeCmd is one command invocation: its lower-cased name, its
// arguments (quotes removed) and its 1-based line.
type cmakeCmd struct {
	name string
	args []string
	line int
}

// isCMake reports whether a skill file is a CMake file.
func isCMake(rel string) bool {
	return path.Base(rel) == "CMakeLists.txt" || strings.EqualFold(path.Ext(rel), ".cmake")
}

// maxCMakeCmds bounds the commands read from one file, and
// maxCMakeExpand the bytes an argument grows to by expanding variables.
const (
	maxCMakeCmds   = 4096
	maxCMakeExpand = 4096
)

// parseCMake splits CMake source into command invocations, skipping line
// and bracket comments. It never fails: text it cannot read as a command
// is skipped, and an unclosed argument list ends at the end of the file.
func parseCMake(src string) []cmakeCmd {
	var out []cmakeCmd
	line := 1
	i := 0
	for i < len(src) && len(out) < maxCMakeCmds {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == '#':
			j := cmakeBracketEnd(src, i+1)
			if j < 0 {
				j = strings.IndexByte(src[i:], '\n')
				if j < 0 {
					j = len(src)
				} else {
					j += i
				}
			}
			line += strings.Count(src[i:j], "\n")
			i = j
		case isIdentByte(c):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			name := strings.ToLower(src[i:j])
			k := j
			for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			if k >= len(src) || src[k] != '(' {
				i = j
				continue
			}
			args, end := cmakeArgs(src, k+1)
			out = append(out, cmakeCmd{name: name, args: args, line: line})
			line += strings.Count(src[i:end], "\n")
			i = end
		default:
			i++
		}
	}
	return out
}

// cmakeBracketEnd returns the index just past a bracket ([[...]],
// [=[...]=]) opening at src[i], or -1 when none opens there; an unclosed
// bracket runs to the end.
func cmakeBracketEnd(src string, i int) int {
	if i >= len(src) || src[i] != '[' {
		return -1
	}
	j := i + 1
	for j < len(src) && src[j] == '=' {
		j++
	}
	if j >= len(src) || src[j] != '[' {
		return -1
	}
	closer := "]" + strings.Repeat("=", j-i-1) + "]"
	e := strings.Index(src[j+1:], closer)
	if e < 0 {
		return len(src)
	}
	return j + 1 + e + len(closer)
}

// cmakeArgs reads the arguments of a command whose list opens before
// src[i]; it returns them and the index just past the closing
// parenthesis.
func cmakeArgs(src string, i int) ([]string, int) {
	var args []string
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#':
			if j := cmakeBracketEnd(src, i+1); j >= 0 {
				i = j
				continue
			}
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ')':
			if depth == 0 {
				return args, i + 1
			}
			depth--
			i++
		case c == '(':
			depth++
			i++
		case c == '"':
			var b strings.Builder
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' && j+1 < len(src) {
					switch src[j+1] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case '\n':
					default:
						b.WriteByte(src[j+1])
					}
					j += 2
					continue
				}
				b.WriteByte(src[j])
				j++
			}
			args = append(args, b.String())
			i = j + 1
		case c == '[':
			if j := cmakeBracketEnd(src, i); j >= 0 {
				open := i + 1
				for src[open] == '=' {
					open++
				}
				body := src[open+1 : j]
				body = body[:max(0, len(body)-(open-i+1))]
				args = append(args, body)
				i = j
				continue
			}
			fallthrough
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n()#\"", rune(src[j])) {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			args = append(args, src[i:min(j, len(src))])
			i = j
		}
	}
	return args, len(src)
}

// cmakeDownload is a file(DOWNLOAD) the scan saw.
type cmakeDownload struct {
	line              int
	hashed, untrusted bool
	why               string
}

// scanCMake runs the CMake rules (see above) over one file.
func scanCMake(sc *skillCtx, rel, src string) {
	cmds := parseCMake(src)
	vars := map[string]string{}
	expand := func(s string) string {
		for pass := 0; pass < 4 && strings.Contains(s, "${"); pass++ {
			for k, v := range vars {
				if r := strings.ReplaceAll(s, "${"+k+"}", v); len(r) <= maxCMakeExpand {
					s = r // past the bound a value stays unexpanded: no blow-up from self-references
				}
			}
		}
		return s
	}
	tlsOff := false
	downloads := map[string]cmakeDownload{} // a downloaded file or a folder extracted from one
	runOf := func(line int, target string, quiet bool, how string) {
		for p, d := range downloads {
			if target != p && !strings.HasPrefix(target, p+"/") {
				continue
			}
			if d.hashed {
				continue
			}
			sev, reason := High, "runs a file it downloads at configure time ("+how+") with no EXPECTED_HASH: the server decides what runs"
			switch {
			case d.untrusted:
				sev, reason = Critical, reason+"; the download "+d.why
			case quiet:
				sev, reason = Critical, reason+"; its output is hidden"
			}
			sc.add(rel, line, "download-exec", sev, reason, strings.TrimSpace(lineText(src, newLineIndex(src), line)))
			return
		}
	}
	for _, c := range cmds {
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = expand(a)
		}
		switch c.name {
		case "set":
			if len(args) >= 2 && len(vars) < 256 {
				vars[c.args[0]] = args[1]
				if c.args[0] == "CMAKE_TLS_VERIFY" && cmakeFalse(args[1]) {
					tlsOff = true
				}
				if strings.HasPrefix(c.args[0], "CMAKE_") && (strings.HasSuffix(c.args[0], "_COMPILER") || strings.HasSuffix(c.args[0], "_COMPILER_LAUNCHER") || strings.HasSuffix(c.args[0], "_LINKER")) {
					runOf(c.line, args[1], false, "as "+c.args[0])
				}
			}
		case "string", "list":
			cmakeStringCmd(c.name, args, vars)
		case "file":
			if len(args) >= 3 && strings.EqualFold(args[0], "DOWNLOAD") {
				d := cmakeDownload{line: c.line}
				url := args[1]
				for i, a := range args[3:] {
					switch a {
					case "EXPECTED_HASH", "EXPECTED_MD5":
						d.hashed = true
					case "TLS_VERIFY":
						if i+4 < len(args) && cmakeFalse(args[i+4]) {
							d.untrusted, d.why = true, "skips certificate checks (TLS_VERIFY OFF)"
						}
					}
				}
				if tlsOff && !d.untrusted {
					d.untrusted, d.why = true, "skips certificate checks (CMAKE_TLS_VERIFY off)"
				}
				if strings.HasPrefix(strings.ToLower(url), "http://") || ipHostURL(url) {
					d.untrusted, d.why = true, "is from "+url+" (plain http or an IP address)"
				}
				if d.untrusted && !d.hashed && strings.HasPrefix(d.why, "skips") {
					sc.add(rel, c.line, "download-exec", Medium, "downloads "+url+" without checking the server's certificate (TLS_VERIFY OFF): what the build uses from it is whatever anyone on the way sends", strings.TrimSpace(lineText(src, newLineIndex(src), c.line)))
				}
				if len(downloads) < 64 {
					downloads[strings.TrimRight(args[2], "/")] = d
				}
			}
			if len(args) >= 3 && (strings.EqualFold(args[0], "WRITE") || strings.EqualFold(args[0], "APPEND")) {
				cmakeWriteTarget(sc, rel, src, c.line, args)
			}
			if len(args) >= 5 && strings.EqualFold(args[0], "ARCHIVE_EXTRACT") {
				in, dest := cmakeOption(args, "INPUT"), cmakeOption(args, "DESTINATION")
				if d, ok := downloads[in]; ok && dest != "" && len(downloads) < 64 {
					downloads[strings.TrimRight(dest, "/")] = d
				}
			}
		case "include":
			if len(args) > 0 {
				runOf(c.line, args[0], false, "include")
			}
		case "vcpkg_download_distfile":
			cmakeDistfile(c.line, args, vars, downloads)
		case "execute_process", "add_custom_command", "add_custom_target", "vcpkg_execute_required_process", "vcpkg_execute_build_process":
			groups := cmakeCommands(args)
			quiet := hasArgExact(args, "OUTPUT_QUIET") || hasArgExact(args, "ERROR_QUIET")
			for _, g := range groups {
				for _, a := range g {
					runOf(c.line, a, quiet, c.name)
				}
			}
			sep := "\n"
			if c.name == "execute_process" {
				sep = " | " // its commands run as one pipeline
			}
			var lines []string
			for _, g := range groups {
				lines = append(lines, cmakeShellLine(g))
			}
			if len(lines) > 0 {
				before := len(sc.findings)
				scanShell(sc, rel, strings.Join(lines, sep), c.line, inScript)
				for i := before; i < len(sc.findings); i++ {
					sc.findings[i].Line = c.line // one command: its own line, however many lines its text took
				}
			}
		}
	}
	scanCMakeClean(sc, rel, src, cmds)
}

// cmakeDistfile records a vcpkg_download_distfile(OUT URLS ... FILENAME
// f [SHA512 h | SKIP_SHA512]) of a vcpkg port's portfile.cmake: the file
// it saves (${DOWNLOADS}/f, held in OUT) is a download, pinned only by a
// SHA512 that SKIP_SHA512 does not switch off, so a portfile running it
// afterwards is read as file(DOWNLOAD)'s download run.
func cmakeDistfile(line int, args []string, vars map[string]string, downloads map[string]cmakeDownload) {
	if len(args) < 3 || len(downloads) >= 64 {
		return
	}
	d := cmakeDownload{line: line, hashed: hasArgExact(args, "SHA512") && !hasArgExact(args, "SKIP_SHA512")}
	urls := ""
	for i := 1; i < len(args); i++ {
		if args[i] != "URLS" {
			continue
		}
		for _, u := range args[i+1:] {
			if cmakeDistfileKeys()[u] {
				break
			}
			if urls == "" {
				urls = u
			}
			if strings.HasPrefix(strings.ToLower(u), "http://") || ipHostURL(u) {
				d.untrusted, d.why = true, "is from "+u+" (plain http or an IP address)"
			}
		}
		break
	}
	name := cmakeOption(args, "FILENAME")
	if name == "" {
		name = path.Base(urls)
	}
	if name == "" || name == "." || name == "/" {
		return
	}
	saved := "${DOWNLOADS}/" + name
	downloads[saved] = d
	if len(vars) < 256 {
		vars[args[0]] = saved
	}
}

// cmakeDistfileKeys are vcpkg_download_distfile's keywords: they end its
// URLS list.
var cmakeDistfileKeys = lazySet("URLS", "FILENAME", "SHA512", "SKIP_SHA512", "HEADERS", "QUIET", "ALWAYS_REDOWNLOAD")

// cmakeFalse reports whether a CMake value is false (OFF, 0, FALSE, NO, N).
func cmakeFalse(v string) bool {
	switch strings.ToUpper(v) {
	case "OFF", "0", "FALSE", "NO", "N":
		return true
	}
	return false
}

// cmakeOption returns the value after a keyword argument, or "".
func cmakeOption(args []string, key string) string {
	for i, a := range args {
		if a == key && i+1 < len(args) {
			return strings.TrimRight(args[i+1], "/")
		}
	}
	return ""
}

// cmakeKeywords end a COMMAND's words in execute_process,
// add_custom_command and add_custom_target, and in vcpkg's
// vcpkg_execute_required_process and vcpkg_execute_build_process
// (LOGNAME, SAVE_LOG_FILES...; the latter's NO_PARALLEL_COMMAND starts
// a second command as COMMAND does).
var cmakeKeywords = lazySet("WORKING_DIRECTORY", "TIMEOUT", "RESULT_VARIABLE", "RESULTS_VARIABLE", "OUTPUT_VARIABLE", "ERROR_VARIABLE",
	"INPUT_FILE", "OUTPUT_FILE", "ERROR_FILE", "OUTPUT_QUIET", "ERROR_QUIET", "COMMAND_ECHO", "OUTPUT_STRIP_TRAILING_WHITESPACE",
	"ERROR_STRIP_TRAILING_WHITESPACE", "ENCODING", "ECHO_OUTPUT_VARIABLE", "ECHO_ERROR_VARIABLE", "COMMAND_ERROR_IS_FATAL",
	"OUTPUT", "DEPENDS", "BYPRODUCTS", "MAIN_DEPENDENCY", "IMPLICIT_DEPENDS", "COMMENT", "DEPFILE", "JOB_POOL", "JOB_SERVER_AWARE",
	"VERBATIM", "APPEND", "USES_TERMINAL", "COMMAND_EXPAND_LISTS", "DEPENDS_EXPLICIT_ONLY", "CODEGEN", "TARGET", "PRE_BUILD",
	"PRE_LINK", "POST_BUILD", "ALL", "SOURCES", "LOGNAME", "ALLOW_IN_DOWNLOAD_MODE", "SAVE_LOG_FILES")

// cmakeCommands returns the words of each COMMAND in a command's
// arguments.
func cmakeCommands(args []string) [][]string {
	var out [][]string
	var cur []string
	in := false
	for _, a := range args {
		switch {
		case a == "COMMAND" || a == "NO_PARALLEL_COMMAND":
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur, in = nil, true
		case cmakeKeywords()[a]:
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur, in = nil, false
		case in:
			cur = append(cur, a)
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// cmakeShellLine writes one COMMAND's words as a shell command line:
// each word double-quoted unless it is plain, $ENV{X} as $X.
func cmakeShellLine(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		w = cmakeEnvRef.ReplaceAllString(w, "$${$1}")
		if w != "" && !strings.ContainsAny(w, " \t\n\"'\\|&;<>()`*?[]{}!#") || strings.HasPrefix(w, "${") && !strings.ContainsAny(w, " \t\n\"'") {
			b.WriteString(w)
			continue
		}
		b.WriteByte('"')
		b.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`").Replace(w))
		b.WriteByte('"')
	}
	return b.String()
}

// cmakeEnvRef is CMake's reference to an environment variable.
var cmakeEnvRef = lazyRE(`\$ENV\{(\w+)\}`)

// ipHostURL reports whether a URL's host is an IP address (a server
// with no name to vouch for it).
func ipHostURL(u string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(u), "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(strings.ToLower(u), "http://"); !ok {
			return false
		}
	}
	host := rest
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if strings.HasPrefix(host, "[") {
		return true
	}
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	return net.ParseIP(host) != nil
}

// cmakeHome is home in CMake: $ENV{HOME}, $ENV{USERPROFILE}.
var cmakeHome = lazyRE(`\$ENV\{(?:HOME|USERPROFILE)\}`)

// cmakeWriteTarget reports a file(WRITE|APPEND path content) whose path
// (variables expanded, $ENV{HOME} as ~) is an agent's settings or
// instructions (agent-tamper: critical when what is written runs a
// network tool, as a hook posting what the agent sees does; high
// otherwise) or a startup file (persistence, critical): a configure step
// runs it at every cmake run.
func cmakeWriteTarget(sc *skillCtx, rel, src string, line int, args []string) {
	p := path.Clean(cmakeHome.ReplaceAllString(args[1], "~"))
	body := strings.Join(args[2:], " ")
	ev := strings.TrimSpace(lineText(src, newLineIndex(src), line))
	switch {
	case strings.HasPrefix(p, "~/") && agentFile.MatchString(p):
		sev, reason := High, "writes "+p+", the agent's own settings or instructions, at configure time"
		if netToolRun.MatchString(body) || strings.Contains(body, "curl ") {
			sev, reason = Critical, reason+", with a command that sends data off the machine"
		}
		sc.add(rel, line, "agent-tamper", sev, reason, ev)
	case strings.HasPrefix(p, "~/") && persistTarget.MatchString(p):
		sc.add(rel, line, "persistence", Critical, "writes "+p+" at configure time: what it holds runs at every login or on a schedule", ev)
	}
}
