package audit

import (
	"strings"
)

// R, Julia and Zig are read by pattern like the other languages of
// otherCode: their network calls join otherNet (so credential-exfil and
// the listed-credential rule of credlist.go see a send), their file reads
// join fileReadRe, their ways of listing the environment join
// otherEnvEnum and otherEnvDump, and R's and Julia's ways of running code
// they fetched are rule download-exec (scanFetchEval).
//
// Network calls: R's curl package (curl_fetch_memory, curl_download), httr
// and httr2 requests, RCurl, download.file, readLines of a url() and socketConnection,
// a url() of a literal URL or of one sprintf, paste or glue builds from a
// literal (opening it sends its query, the data in it included);
// Julia's Downloads.download and Downloads.request, HTTP.jl's requests and
// Sockets.connect; Zig's std.http.Client (otherNet's http.Client) and
// tcpConnectToHost; and in all three a network tool (curl, wget, nc, ncat,
// socat) started as a process: R's system and system2, Julia's run of a
// command literal, Zig's addSystemCommand and std.process.Child argv
// lists.
const otherNetMore = `|\bcurl::curl(?:_fetch_\w+|_download|_upload)?\s*\(|\bcurl_fetch_(?:memory|disk|stream)\s*\(|\bhttr2?::|\breq_perform\s*\(|\bRCurl::|\b(?:getURL|postForm)\s*\(|\bdownload\.file\s*\(|\bsocketConnection\s*\(|\breadLines\s*\(\s*url\s*\(|\burl\s*\(\s*(?:(?:sprintf|paste0?|glue(?:::glue)?)\s*\(\s*)?["']https?:` +
	`|\bDownloads\.(?:download|request)\s*\(|\bHTTP\.(?:request|get|post|put|patch|open|download)\s*\(|\bSockets\.connect\s*\(` +
	`|\btcpConnectTo(?:Host|Address)\s*\(` +
	`|\bsystem2?\s*\(\s*["'](?:curl|wget|nc|ncat|socat)\b|\b(?:run|read|pipeline|open)\s*\(\s*\x60(?:curl|wget|nc|ncat|socat)\b` +
	`|\b(?:addSystemCommand|Child\.init|ChildProcess\.init)\s*\(\s*&\s*\.\{\s*"(?:curl|wget|nc|ncat|socat)"|\bargv\s*=\s*&\s*\.\{\s*"(?:curl|wget|nc|ncat|socat)"`

// fileReadMore extends fileReadRe with the file reads of R (readBin,
// readLines, readChar, readRDS, readr's read_file), Julia (read(path,
// String), readchomp, readlines) and Zig (readFileAlloc, readToEndAlloc,
// openFile).
const fileReadMore = `|\bread(?:Bin|Lines|Char|RDS)\s*\(|\bread_file(?:_raw)?\s*\(|\bread\s*\(\s*[A-Za-z_]\w*\s*(?:,|\))|\breadchomp\s*\(|\breadlines\s*\(|\breadFileAlloc\s*\(|\breadToEndAlloc\s*\(|\bopenFile\s*\(`

// otherEnvEnumMore extends otherEnvEnum: Zig's environment map
// (std.process.getEnvMap, a build's b.graph.env_map iterated) and Julia's
// ENV iterated (for (k, v) in ENV, pairs(ENV), keys(ENV)). Like Go's
// os.Environ(), each counts only with a secret-name filter.
const otherEnvEnumMore = `|\bgetEnvMap\s*\(|\benv_map\.iterator\(\)|\bfor\s*\(?\s*\w+\s*,\s*\w+\s*\)?\s+in\s+ENV\b|\b(?:pairs|keys)\(\s*ENV\s*\)|\bSystem\.get_env\(\s*\)|\bENV\.(?:each|select|to_h|keys)\b|\benvPairs\(\)|\bgetEnvironment\b|%\*ENV\b|\bPlatform\.environment\.(?:entries|keys|forEach)\b`

// otherEnvDumpMore extends otherEnvDump: R's Sys.getenv() with no name
// (every variable) and Julia's ENV turned whole into a dictionary or JSON.
const otherEnvDumpMore = `|\bSys\.getenv\(\s*\)|\b(?:Dict|collect|JSON3?\.(?:json|write))\(\s*ENV\s*\)`

// Rule download-exec in R and Julia: a script that fetches a file or text
// from the network and then evaluates it as code (R: source, sys.source,
// eval(parse(...)); Julia: include, Base.include, include_string,
// evalfile, eval(Meta.parse(...))) lets the server decide what runs each
// time the script runs. What arrived is the destination argument of a
// download (download.file(u, dest), curl_download(u, dest),
// Downloads.download(u, dest)), the variable a fetch is assigned to (p =
// Downloads.download(u), r <- httr::GET(u)), or a variable assigned from
// one of those; or the fetch sits inside the evaluation's argument. R's
// source of a URL (a literal or source_url/source_gist) fetches itself.
// Critical; medium when the script checks a digest (a pinned helper).
// Code the skill ships, sourced by a path of its own, is not this.

// fetchEvalPatterns are the patterns of scanFetchEval.
var (
	// rjFetch is a fetch in R or Julia; the call's parenthesis ends it.
	rjFetch = lazyRE(`\b(?:Downloads\.download|Downloads\.request|HTTP\.(?:get|request|post|download)|download\.file|(?:curl::)?curl_download|(?:curl::)?curl_fetch_memory|(?:curl::)?curl|httr2?::\w+|RCurl::getURL|getURL|url|readLines\(\s*url)\s*\(`)
	// rjEval evaluates code: group 1 the call's name.
	rjEval = lazyRE(`(?:^|[^\w.$])((?:Base\.)?include(?:_string)?|evalfile|sys\.source|source|eval|evalq)\s*\(`)
	// rjSourceURL is R's source of a URL: the fetch and the run in one call.
	rjSourceURL = lazyRE(`\b(?:source|sys\.source)\s*\(\s*(?:file\s*=\s*)?["']https?://|\b(?:devtools::)?source_(?:url|gist)\s*\(`)
	// rjAssign is an assignment: group 1 the name, group 2 the value.
	rjAssign = lazyRE(`(?m)^[ \t]*(?:local\s+|const\s+|global\s+)?([A-Za-z_.][\w.]*)\s*(?:<<?-|=)\s*([^=\n][^\n]*)`)
	// rjDigest is a digest check of what was fetched.
	rjDigest = lazyRE(`\bdigest::digest\s*\(|\btools::md5sum\s*\(|\bopenssl::sha(?:256|512)\s*\(|\bsha(?:256|512)\s*\(|\bSHA\.sha(?:256|512)\s*\(|\bbytes2hex\s*\(`)
)

// maxFetchEval bounds the fetches and evaluations read in one file.
const maxFetchEval = 32

// scanFetchEval reports R or Julia code that runs what it fetched (see
// above).
func scanFetchEval(sc *skillCtx, rel, text string) {
	c := stripHashComments(text)
	if !strings.Contains(c, "(") {
		return
	}
	li := newLineIndex(c)
	report := func(at int, how string) {
		ln := li.line(at)
		sev, reason := Critical, "fetches code from the network and runs it ("+how+"): the server decides what runs on this machine each time the script runs"
		if rjDigest.MatchString(c) {
			sev, reason = Medium, "fetches code from the network and runs it ("+how+") after a digest check: check the digest is pinned in the skill, not fetched with the code"
		}
		sc.add(rel, ln, "download-exec", sev, reason, trimmedLine(text, ln))
	}
	if m := rjSourceURL.FindStringIndex(c); m != nil {
		report(m[0], "source of a URL")
		return
	}
	evals := rjEval.FindAllStringSubmatchIndex(c, maxFetchEval)
	if len(evals) == 0 {
		return
	}
	got := map[string]bool{}
	var fetchLines []int
	for _, m := range rjFetch.FindAllStringIndex(c, maxFetchEval) {
		args := callArgs(c[m[1]:])
		for _, a := range args[min(1, len(args)):] {
			// the destination: a positional name or destfile = name
			if _, v, ok := strings.Cut(a, "="); ok && !strings.Contains(a, "==") {
				a = v
			}
			if a = strings.TrimSpace(a); rjIdent(a) {
				got[a] = true
			}
		}
		fetchLines = append(fetchLines, strings.LastIndexByte(c[:m[0]], '\n')+1)
	}
	if len(fetchLines) == 0 {
		return
	}
	assigns := rjAssign.FindAllStringSubmatchIndex(c, 4000)
	for _, a := range assigns {
		ls := strings.LastIndexByte(c[:a[0]], '\n') + 1
		for _, f := range fetchLines {
			if f == ls {
				got[c[a[2]:a[3]]] = true
			}
		}
	}
	for range 3 { // what arrived, passed on: txt <- rawToChar(r$content)
		grew := false
		for _, a := range assigns {
			if name := c[a[2]:a[3]]; !got[name] && rjUses(c[a[4]:a[5]], got) {
				got[name], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	for _, e := range evals {
		arg := rjCodeArg(c[e[2]:e[3]], callArgs(c[e[1]:]))
		if rjUses(arg, got) || rjFetch.MatchString(arg) {
			report(e[2], c[e[2]:e[3]]+" of what was fetched")
			return
		}
	}
}

// rjIdent reports whether s is one R or Julia name (dots allowed, as R
// names have them).
func rjIdent(s string) bool {
	if s == "" || s == "TRUE" || s == "FALSE" || s == "true" || s == "false" || s == "NULL" || s == "nothing" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b == '_' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || i > 0 && b >= '0' && b <= '9') {
			return false
		}
	}
	return true
}

// rjUses reports whether the expression e reads a name of got outside
// string literals: the name whole, or the variable a field access starts
// from (r in r$content, res in res.body).
func rjUses(e string, got map[string]bool) bool {
	if len(got) == 0 {
		return false
	}
	for i := 0; i < len(e); {
		b := e[i]
		switch {
		case b == '"' || b == '\'' || b == '`':
			i = stringEnd(e, i, false) + 1
			continue
		case b == '_' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z':
			j := i
			for j < len(e) && (e[j] == '_' || e[j] == '.' || e[j] >= 'a' && e[j] <= 'z' || e[j] >= 'A' && e[j] <= 'Z' || e[j] >= '0' && e[j] <= '9') {
				j++
			}
			w := e[i:j]
			if (i == 0 || e[i-1] != '$') && (got[w] || got[strings.SplitN(w, ".", 2)[0]]) {
				return true
			}
			i = j
			continue
		}
		i++
	}
	return false
}

// rjCodeArg returns the argument of an evaluation call (name, with its
// top-level arguments args) that holds the code or file it runs: Julia's
// include and include_string take it last (Base.include(Main, path),
// include_string(Main, code)), the others first (eval(expr, envir = d)
// evaluates expr; the data frame it runs in is not code).
func rjCodeArg(name string, args []string) string {
	var pos []string
	for _, a := range args {
		if i := topLevel(a, '='); i > 0 && a[i-1] != '=' && a[i-1] != '!' && a[i-1] != '<' && a[i-1] != '>' && (i+1 == len(a) || a[i+1] != '=') {
			if k := strings.TrimSpace(a[:i]); k == "text" || k == "file" {
				pos = append(pos, a[i+1:]) // parse(text = x), source(file = f)
			}
			continue // another keyword: envir, local, echo
		}
		pos = append(pos, a)
	}
	if len(pos) == 0 {
		return ""
	}
	if strings.HasPrefix(name, "include") || strings.HasPrefix(name, "Base.include") {
		return pos[len(pos)-1]
	}
	return pos[0]
}
