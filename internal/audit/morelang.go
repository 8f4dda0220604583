package audit

import "strings"

// Nim, Crystal, Dart, Haskell, Tcl, Raku, Nushell, Elvish, Janet, Fennel,
// OCaml, Racket, Scheme, Erlang (escripts, and rebar.config.script, which
// rebar3 runs at every command), Clojure (babashka's scripts among them)
// and Haxe (a library's compile-time macro, which its extraParams.hxml
// registers with --macro so every build of a project using it runs it
// with sys access: haxe.Http, File.getContent) are read by pattern like the
// other languages of otherCode. Each is a language a build or editor tool
// runs without a second look: NimScript's config.nims and .nimble tasks
// run at every nimble build, a Crystal shard's postinstall, a Dart build
// hook, Cabal's Setup.hs, a Tcl or Janet build script, a babashka task.
// So a credential file read and a network send in one file are
// credential-exfil as in Ruby or Lua, and a recursive removal of home or a
// key folder in it is destructive-command.
//
// Build and editor files that run code are read the same way: Vim script
// (.vim, .vimrc: readfile, system('curl ...')), Bazel's Starlark (.bzl,
// BUILD, WORKSPACE, MODULE.bazel: a repository rule's rctx.read and
// rctx.execute(["curl", ...]), run at every fetch), Lean 4 (a
// lakefile's scripts and post_update hooks and the Lake modules they
// import: IO.Process with cmd := "curl", leanproc.go), Pkl (pkl eval runs
// a module's read() of env:, file: and https: resources: pklread.go),
// Clojure's path calls with parts as separate arguments ((io/file home
// ".m2" "settings.xml"): lispPathExts), Scala and sbt
// (build.sbt, .sc: Source.fromFile, Process(Seq("curl", ...)), sttp,
// scalaj-http), CMake (file(READ), execute_process(COMMAND curl ...),
// file(UPLOAD)), and in every language a java.net.URL read
// (URL("https://...?k=" + key).readText(): a GET carries its query).
//
// Network calls (otherNetLangs): Elvish's e:curl (an external command
// named), CUE's http tasks in a _tool.cue file (cue cmd runs them: a
// file.Read of a credential file and an http.Post in one tool file), Tilt's local(['curl', ...]) in a
// Tiltfile's Starlark, Erlang's httpc and gen_tcp, Nim's and Dart's HTTP clients (otherNet's
// HttpClient) and sockets, Crystal's HTTP::Client and TCPSocket, Dart's
// package:http calls and Dio, Haskell's http-conduit and http-client
// requests (httpLBS, httpBS, simpleHttp) and Network.Socket, Tcl's
// http::geturl and socket, Raku's HTTP::UserAgent and Cro, Nushell's http
// commands, Janet's and Clojure's http/ calls (clj-http, babashka's
// http-client and curl) and net/connect, and a network tool (curl, wget,
// nc, ncat, socat) started as a process by any of them (Nim's execProcess
// and execCmd, Crystal's and Dart's Process.run, Haskell's callProcess,
// readProcess and proc, Tcl's exec, Raku's run and shell, Nushell's
// ^curl, Janet's os/execute, Clojure's shell/sh and babashka's
// process/shell).
//
// Common Lisp (.lisp, .asd: an ASDF system's :perform method runs when
// the system is loaded, as Quicklisp and test runners do) is read the
// same way: Dexador's dex:post and Drakma's http-request, uiop's
// read-file-string and with-open-file, (user-homedir-pathname), and the
// implementation's environment list (SBCL's posix-environ:
// envEnumLangs).
//
// File reads (fileReadLangs): Haskell's readFile without parentheses (as
// it is called), Tcl's [open ...], Raku's .slurp and Janet's and
// Clojure's (slurp ...), Nushell's open of a path. Nim's readFile,
// Crystal's File.read and Dart's readAsString are fileReadRe's already.
//
// The home folder (homeRefLangs): Swift's homeDirectoryForCurrentUser
// and NSHomeDirectory(), Nim's getHomeDir(), Haskell's
// getHomeDirectory, Crystal's Path.home (no parentheses), sbt's
// Path.userHome, Nushell's $nu.home-path; $HOME, Tcl's $::env(HOME), Dart's
// Platform.environment['HOME'] and Clojure's user.home are homeRef's
// already.

// otherNetLangs extends otherNet with the network calls of the languages
// above.
const otherNetLangs = `|\bnewSocket\s*\(|\b(?:execProcess|execCmd|execCmdEx|startProcess|execShellCmd|gorge|gorgeEx|staticExec)\s*\(\s*"` + netToolName + `\b` +
	`|\bHTTP::Client\b|\bTCPSocket\.new\b|\bProcess\.(?:run|new|start)\s*\(\s*["']` + netToolName + `["']` +
	`|\bhttp\.(?:post|put|patch|get|send|read)\s*\(|\bDio\s*\(|\bSocket\.connect\s*\(` +
	`|\bhttp(?:LBS|BS|JSON|Lbs|Bs)\b|\bsimpleHttp\b|\bNetwork\.(?:HTTP|Socket|Wreq)\b|\b(?:callProcess|readProcess|readProcessWithExitCode|readCreateProcess|rawSystem|spawnProcess|proc|callCommand)\s+"` + netToolName + `"` +
	`|\bhttp::geturl\b|\[\s*socket\s|\bexec\s+` + netToolName + `\s` +
	`|\bHTTP::UserAgent\b|\bCro::HTTP::Client\b|\b(?:run|shell)\s*\(?\s*(?:<\s*|["'])` + netToolName + `\b` +
	`|(?m:^\s*(?:let\s+\w+\s*=\s*\(?\s*)?http\s+(?:post|put|patch|get|delete)\s)|\^` + netToolName + `\s` +
	`|\(\s*(?:http|client|curl|hc)/(?:post|get|put|patch|request|send)\b|\(\s*net/connect\b|\bclj-http\b|\bbabashka\.(?:http-client|curl)\b` +
	`|\(\s*(?:os/execute|os/spawn|shell/sh|sh|p/shell|process/shell|process/process|shell)\s+\[?\s*"` + netToolName + `"` +
	`|\b(?:rctx|repository_ctx|mctx|module_ctx)\.download(?:_and_extract)?\s*\(|\.execute\(\s*\[\s*"` + netToolName + `"|\bProcess\(\s*(?:Seq|List)\(\s*"` + netToolName + `"|\bsttp\.client\d?\b|\bbasicRequest\b|\bscalaj\.http\b|\bHttp\(\s*"https?:` +
	`|\bexecute_process\s*\(\s*COMMAND\s+` + netToolName + `\b|\bfile\s*\(\s*(?:UPLOAD|DOWNLOAD)\b` +
	`|\b(?:java\.net\.)?URL\s*\([^)\n]*\)\s*\.(?:readText|readBytes|openStream|openConnection|getText|text)\b` +
	`|\bhttpc:request\s*\(|\blocal\(\s*\[\s*['"]` + netToolName + `['"]|\blocal\(\s*['"]` + netToolName + `\s|\bgen_tcp:connect\s*\(|\bhackney:request\s*\(|\bgun:open\s*\(` +
	`|\be:` + netToolName + `\s` +
	// a Jenkins pipeline step (the HTTP Request plugin), from Groovy
	`|\bhttpRequest\s*\(` +
	// a CUE tool file's task (cue cmd): http.Post & { url: ... }
	`|\bhttp\.(?:Get|Post|Put|Patch|Delete|Do)\s*&\s*\{` +
	// Common Lisp's HTTP clients (Dexador, Drakma) and usocket
	`|\(\s*(?:dex|dexador):(?:post|get|put|patch|delete|head|request|fetch)\b|\(\s*drakma:http-request\b|\(\s*usocket:socket-(?:connect|stream)\b` +
	// Lean 4's IO.Process.output / spawn { cmd := "curl", args := ... }
	// (a lakefile script or hook, a Lake module it imports)
	`|\bcmd\s*:=\s*"` + netToolName + `"` +
	// Racket's net/url ports (get-pure-port, get-impure-port,
	// call/input-url) and net/http-client
	`|\(\s*(?:get|post|put|head|delete)-(?:pure|impure)-port\b|\(\s*call/input-url\b|\(\s*http-(?:sendrecv|conn-open)\b` +
	// Haxe's HTTP client (haxe.Http, sys.Http, imported or written in
	// full; Http.requestUrl) and sockets (sys.net.Socket, sys.ssl.Socket),
	// and curl run by Sys.command or sys.io.Process: a compile-time macro
	// (--macro in a library's extraParams.hxml) runs them at every build
	`|\b(?:haxe|sys)\.Http\b|\bHttp\.requestUrl\s*\(|\bsys\.(?:net|ssl)\.Socket\b` +
	`|\bSys\.command\s*\(\s*"` + netToolName + `"|\bnew\s+(?:sys\.io\.)?Process\s*\(\s*"` + netToolName + `"`

// fileReadLangs extends fileReadRe with the file reads of the languages
// above.
const fileReadLangs = `|\bSource\.fromFile\s*\(|\bfile\s*\(\s*READ\b|\b(?:rctx|repository_ctx|ctx)\.read\s*\(|\breadFile\s+[\w"]|\[\s*open\s|\.slurp\b|\(\s*slurp\s|(?m:^\s*(?:let\s+\w+\s*=\s*\(?\s*)?open\s+(?:--raw\s+)?[~$"'/])|\bfile:read_file\s*\(|\bfile:consult\s*\(` +
	`|\(\s*(?:uiop:)?read-file-(?:string|lines|forms?)\b|\(\s*alexandria:read-file-into-(?:string|byte-vector)\b|\(\s*with-open-file\b` +
	// Haxe's sys.io.File
	`|\bFile\.get(?:Content|Bytes)\s*\(`

// envEnumLangs extends otherEnvEnum with the environment lists of the
// languages above: SBCL's sb-ext:posix-environ (every variable as a
// NAME=value string, walked to keep the secret ones).
const envEnumLangs = `|\bsb-ext:posix-environ\b|\(\s*posix-environ\s*\)`

// homeRefLangs extends homeRef with the home folder of the languages above.
const homeRefLangs = `|homeDirectoryForCurrentUser\b|NSHomeDirectory\(|getHomeDir\(|\bgetHomeDirectory\b|\bPath\.home\b|\bPath\.userHome\b|\bos\.home\b|\$nu\.home-path|\bfind-system-path\s+'home-dir\b|\buser-homedir-pathname\b` + tclHomeRef

// moreLangExts are the extensions of the languages above, added to
// otherCode; the ones whose comments start with # are also read with
// their comments blanked (hashCommentExts).
var moreLangExts = []string{".nim", ".nims", ".nimble", ".cr", ".dart", ".hs", ".tcl", ".raku", ".rakumod", ".nu", ".janet", ".fnl", ".clj", ".cljc", ".bb", ".elv",
	".vim", ".bzl", ".star", ".sbt", ".scala", ".sc", ".mill", ".cmake", ".ml", ".mli", ".rkt", ".scm", ".erl", ".hrl", ".escript", ".script", ".xsh", ".fsx", ".lisp", ".cl", ".lsp", ".asd", ".cue", ".lean", ".pkl", ".hx"}

// Removals of home in Nim (removeDir, removeFile), Crystal (FileUtils.rm_rf,
// as Ruby), Haskell (removeDirectoryRecursive, removePathForcibly) and Tcl
// (file delete -force), read as scanHomeWipe reads Perl's and Ruby's: the
// language's expressions for home become ~, and home joined to a literal
// (getHomeDir() / ".ssh", home </> ".gnupg", [file join $home .ssh]) the
// path it makes.
var (
	nimWipe = &wipeLang{
		// a variable whose default is home (getEnv("X", getEnv("HOME")))
		// is home when it is unset (nimwipe.go)
		home:     lazyRE(`\bgetEnv\(\s*"\w+"\s*,\s*(?:getHomeDir\(\)|getEnv\(\s*"(?:HOME|USERPROFILE)"\s*\))\s*\)|\bgetHomeDir\(\)|\bgetEnv\(\s*"(?:HOME|USERPROFILE)"\s*\)|\bexpandTilde\(\s*"~/?"\s*\)`),
		tree:     lazyRE(`\b(?:removeDir|rmDir)\b`),
		files:    lazyRE(`\b(?:removeFile|rmFile)\b`),
		homeVar:  lazyRE(`(?m)^\s*(?:let|var|const)\s+(\w+)\s*(?::\s*\w+\s*)?=\s*~\s*$`),
		listing:  lazyRE(`\bwalkDir\(\s*~\s*\)|\bwalkPattern\(\s*~\s*/\s*"\*"\s*\)|\blist(?:Dirs|Files)\(\s*~\s*\)`),
		rewrite:  func(c string) string { return slashJoinLit(nimHomeParam(c)) },
		filtered: nimLoopFiltered,
	}
	crystalWipe = &wipeLang{
		home:    lazyRE(`\bPath\.home\b(?:\.to_s)?|\bENV\[\s*"(?:HOME|USERPROFILE)"\s*\]|\bENV\.fetch\(\s*"HOME"\s*\)`),
		tree:    lazyRE(`\bFileUtils\.(?:rm_rf|rm_r)\b|\bDir\.delete\b`),
		files:   lazyRE(`\b(?:FileUtils\.(?:rm|rm_f)|File\.delete)\b`),
		homeVar: lazyRE(`(?m)^\s*(\w+)\s*=\s*["']?~/?["']?\s*(?:\|\|.*)?$`),
		listing: lazyRE(`\bDir\.(?:children|entries|each_child|glob)\s*\(?\s*(?:["']?~/?["']?|["']~/\.?\*["'])\s*[,\)]`),
		rewrite: slashJoinLit,
	}
	haskellWipe = &wipeLang{
		home:    lazyRE(`\bgetHomeDirectory\b|\bgetEnv\s+"(?:HOME|USERPROFILE)"`),
		tree:    lazyRE(`\bremove(?:DirectoryRecursive|PathForcibly)\b`),
		files:   lazyRE(`\bremoveFile\b`),
		homeVar: lazyRE(`(?m)^\s*(\w+)\s*<-\s*~\s*$`),
		listing: lazyRE(`\b(?:listDirectory|getDirectoryContents)\s+~\b`),
		rewrite: haskellJoinLit,
	}
	tclWipe = &wipeLang{
		home:    lazyRE(`\$::env\((?:HOME|USERPROFILE)\)|\$env\((?:HOME|USERPROFILE)\)|\[\s*file\s+normalize\s+~\s*\]|\[\s*file\s+home\s*\]`),
		tree:    lazyRE(`\bfile\s+delete\s+(?:-force\s+)?(?:--\s+)?`),
		files:   lazyRE(`\bfile\s+delete\s+(?:--\s+)?`),
		homeVar: lazyRE(`(?m)^\s*set\s+(\w+)\s+"?~"?\s*$`),
		listing: lazyRE(`\bglob\s+(?:-nocomplain\s+)?(?:-directory\s+~\s+\*|"?~/\*"?)`),
		sigils:  "$",
		rewrite: tclJoinLit,
	}
)

var (
	// slashJoin is home, written as ~, joined to a string literal by
	// Nim's and Crystal's / operator: ~ / ".ssh".
	slashJoin = lazyRE(`~\s*/\s*"([^"\\\n]*)"`)
	// slashJoinMore is a joined literal joined again: "~/a" / "b".
	slashJoinMore = lazyRE(`"~/([^"\\\n]*)"\s*/\s*"([^"\\\n]*)"`)
	// haskellJoin is the same by System.FilePath's </>.
	haskellJoin = lazyRE(`\(?\s*~\s*</>\s*"([^"\\\n]*)"\s*\)?`)
	// tclJoin is Tcl's [file join ~ a b], its parts in group 1.
	tclJoin = lazyRE(`\[\s*file\s+join\s+~((?:\s+"?[^\s"\[\]]+"?)+)\s*\]`)
)

// slashJoinLit rewrites ~ / "x" (repeatedly: ~ / ".ssh" / "id_rsa") as
// the string "~/x".
func slashJoinLit(code string) string {
	for range 4 {
		next := replaceKeepingLines(slashJoin, code, `"~/$1"`)
		next = replaceKeepingLines(slashJoinMore, next, `"~/$1/$2"`)
		if next == code {
			break
		}
		code = next
	}
	return code
}

// haskellJoinLit rewrites (~ </> "x") as the string "~/x".
func haskellJoinLit(code string) string {
	return replaceKeepingLines(haskellJoin, code, `"~/$1"`)
}

// tclJoinLit rewrites [file join ~ a b] as the string "~/a/b".
func tclJoinLit(code string) string {
	return tclJoin.ReplaceAllStringFunc(code, func(m string) string {
		parts := strings.Fields(tclJoin.FindStringSubmatch(m)[1])
		for i, p := range parts {
			parts[i] = strings.Trim(p, `"`)
		}
		return `"~/` + strings.Join(parts, "/") + `"` + strings.Repeat("\n", strings.Count(m, "\n"))
	})
}

// replaceKeepingLines is re.ReplaceAllString(s, repl) with the line
// breaks each match spanned written after its replacement, so the lines
// after it keep their numbers.
func replaceKeepingLines(re *lazyRegexp, s, repl string) string {
	return re.ReplaceAllStringFunc(s, func(m string) string {
		return re.ReplaceAllString(m, repl) + strings.Repeat("\n", strings.Count(m, "\n"))
	})
}
