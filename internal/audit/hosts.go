package audit

import (
	"fmt"
	"net/url"
	"strings"
	"sync"

	resyntax "regexp/syntax"
)

// Hosts of installers: whether a download's host belongs to the tool a
// skill is about (rule download-exec ranks documented installers by it).

func firstURL(args []string) string {
	for _, a := range args {
		if strings.Contains(a, "://") || strings.Contains(a, ".") && !strings.HasPrefix(a, "-") && strings.Contains(a, "/") {
			return a
		}
	}
	return ""
}

// hostRelated reports whether the URL is https on a named host (not an IP
// address) one of whose labels, other than generic ones, appears in the
// skill's name, description or SKILL.md body.
func (s *shScan) hostRelated(raw string) (string, bool) { return s.sc.hostRelated(raw) }

// hostRelated is shScan.hostRelated for any file of the skill.
func (sc *skillCtx) hostRelated(raw string) (string, bool) {
	if raw == "" {
		return "", false
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Port() != "" {
		return "", false
	}
	host := strings.ToLower(u.Hostname())
	if host == "" || strings.Trim(host, "0123456789.") == "" || strings.Contains(host, ":") {
		return host, false
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return host, false
	}
	generic := genericLabels()
	var words []string
	for _, l := range labels[:len(labels)-1] {
		words = append(words, l)
		if strings.Contains(l, "-") {
			words = append(words, strings.Split(l, "-")...)
		}
	}
	fileNoURL := sc.fileNoURL()
	for _, l := range words {
		if len(l) < 4 || generic[l] {
			continue
		}
		if containsWord(sc.topic, l) || containsWord(fileNoURL, l) {
			return host, true
		}
	}
	// the folders of the path name the tool (astral.sh/uv/install.sh,
	// raw.githubusercontent.com/OWNER/REPO/...): one the skill names counts
	dirs := strings.Split(strings.Trim(u.Path, "/"), "/")
	for _, d := range dirs[:max(0, len(dirs)-1)] {
		d = strings.ToLower(d)
		if len(d) < 2 || generic[d] || generic[strings.TrimSuffix(d, "s")] {
			continue
		}
		if containsWord(sc.topic, d) || containsWord(fileNoURL, d) || containsWord(fileNoURL, strings.ReplaceAll(d, "-", " ")) {
			return host + "/" + d, true
		}
	}
	return host, false
}

// genericLabels are host labels and path folders that name no tool.
var genericLabels = sync.OnceValue(func() map[string]bool {
	return set("www", "get", "install", "raw", "sh", "run", "dl", "download", "downloads", "cdn", "setup", "static", "releases", "com", "io", "dev", "org", "net", "ai", "co", "app", "githubusercontent", "github", "gitlab", "bitbucket", "gist", "pastebin", "s3", "amazonaws", "cloudfront", "storage", "googleapis", "blob", "core", "windows", "assets", "code", "tools", "scripts", "files", "cloud", "server", "update", "latest", "stable", "public", "repo", "packages", "pkg", "mirror", "oss", "api", "main", "master", "refs", "heads", "bin", "v1", "v2", "tree", "blob", "raw", "script", "installer", "installation", "release")
})

// containsWord reports whether w occurs in text between word boundaries:
// what regexp `\b`+regexp.QuoteMeta(w)+`\b` matches (RE2's \b: ASCII
// word characters), without compiling a pattern per word.
func containsWord(text, w string) bool {
	return w != "" && wordIndex(text, w, 0) >= 0
}

// wordBoundary reports RE2's \b at byte offset i of text.
func wordBoundary(text string, i int) bool {
	before := i > 0 && resyntax.IsWordChar(rune(text[i-1]))
	after := i < len(text) && resyntax.IsWordChar(rune(text[i]))
	return before != after
}

// confirmedInstall reports whether a script's download-and-run, preceded
// in the script by before, fetches only from the tool the skill is about
// and runs after the script asks the user: every literal URL of the file
// is on a host hostRelated accepts, and before reads an answer (read,
// Read-Host, input()) to a yes/no question. It returns the host for the
// reason. A vendor's documented installer run with the user's go-ahead is
// how tools are installed; an unrelated or computed host, or no question,
// keeps the finding's rank.
func (sc *skillCtx) confirmedInstall(before string) (string, bool) {
	if !askedUser(before) {
		return "", false
	}
	return sc.installHost()
}

// askedUser reports whether text reads the user's answer (read,
// Read-Host, input()) to a yes/no question.
func askedUser(text string) bool {
	return yesNoRe.MatchString(text) && answerRe.MatchString(text)
}

// installHost returns the host every literal URL of the current file is
// on, when each is on a host hostRelated accepts (the tool the skill is
// about).
func (sc *skillCtx) installHost() (string, bool) {
	host := ""
	for _, m := range urlRe.FindAllStringIndex(sc.fileText, -1) {
		h, ok := sc.hostRelated(strings.TrimRight(sc.fileText[m[0]:m[1]], ".,;:`"))
		if !ok {
			return "", false
		}
		host = h
	}
	return host, host != ""
}

var (
	// yesNoRe is a yes/no question put to the user ("[y/n]", "type yes"),
	// or a shell test of the answer against yes ([ "$ans" = "yes" ]).
	yesNoRe = lazyRE(`(?i)\[y/n\]|\(y/n\)|\by/n\b|\[yes/no\]|\(yes/no\)|\btype\s+["']?yes\b|\[\[?\s*"?\$\{?\w+\}?"?\s*==?\s*["']?(?:y|yes)["']?\s*\]`)
	// answerRe reads the user's answer in shell, PowerShell, Python or
	// Ruby.
	answerRe = lazyRE(`(?m)(?:^|[\s;(])read\s+(?:-[a-z]+\s+(?:"[^"\n]*"\s+|'[^'\n]*'\s+)?)*[A-Za-z_]\w*|\bRead-Host\b|\binput\(|(?:\$stdin\.|STDIN\.|^\s*\w+\s*=\s*)gets\b`)
)

// confirmed reports whether a script's download run at line (1-based
// within the scanned code) is a confirmed install (see
// skillCtx.confirmedInstall).
func (s *shScan) confirmed(line int) (string, bool) {
	if s.w != inScript || !s.askedBefore(line) {
		return "", false
	}
	return s.sc.installHost()
}

// confirmedReason is what a finding lowered by confirmedInstall adds to
// its reason.
func confirmedReason(host string) string {
	return fmt.Sprintf("; only from %s, the tool this skill is about, after the script asks the user", host)
}
