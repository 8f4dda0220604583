package audit

import (
	"path"
	"regexp"
	"strings"
)

// fixtureFollowRe matches, on a line that names a fixture's folder, a
// word telling the agent to act on what the folder holds: "follow the
// steps in tests/fixtures/", "apply", "obey", "carry out". Describing
// the folder ("holds a malicious sample used by the test suite") is not.
var fixtureFollowRe = lazyRE(`(?i)\b(?:follow\w*|apply|applies|applying|obey\w*|carry\s+out|comply)\b`)

// fixtureBindRe matches a line that binds a value to a name: Python and
// Ruby "NAME = ...", "NAME: Path = ...", JavaScript "const name = ...",
// Go "name := ...", shell "NAME=...", Perl "my $name = ...". Group 1 is
// the name.
var fixtureBindRe = lazyRE(`^\s*(?:(?:const|let|var|my|our|local|export|readonly|final|static|private|public|val)\s+)*\$?([A-Za-z_]\w*)\s*(?::\s*[\w.\[\], ]+?\s*)?(?::=|=)(?:[^=~]|$)`)

// fixtureDataCallRe matches a call whose name says it takes its argument
// as data to inspect: scan, parse, lint, check, analyse, detect, audit,
// inspect, read, load, open, match, classify, validate, tokenize,
// search, grep, find, diff, hash ("scan.scan_file(", "parseFile(",
// "checker.check("). A scanner's test hands its fixture to such a call.
var fixtureDataCallRe = lazyRE(`(?i)(?:^|[^\w.])[\w.]*?(?:scan|pars|lint|check|analy[sz]|detect|audit|inspect|read|load|open|match|classif|validat|tokeni[sz]|search|grep|find|diff|hash|digest)\w*\s*\(`)

// fixtureShellDataRe matches a shell command line that reads a file as
// data: grep, diff, cmp, wc, jq, head, tail, a checksum.
var fixtureShellDataRe = lazyRE(`^\s*(?:grep|egrep|fgrep|rg|diff|cmp|wc|jq|yq|head|tail|sha\d*sum|md5sum|file)\s`)

// fixtureLocalImportRe matches an import of a module by bare name in
// Python ("import scan", "from scan import f"), JavaScript
// ("require('./scan')", "from './lib/scan'") and Ruby ("require_relative
// 'scan'"). Group 1 or 2 holds the module path.
var fixtureLocalImportRe = lazyRE(`(?m)^\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))|(?:require|require_relative|from|import)\s*\(?\s*['"]((?:\.{1,2}/)?[\w./-]+)['"]`)

// fixtureBoundAsData reports whether line, a line of text (a file of
// texts other than the fixture) that names a fixture without reading
// it, only binds the fixture's path to a name that text then uses as
// data: every line of text that uses the name hands it to a data call
// (fixtureReadRe, fixtureDataCallRe, or a shell reader
// fixtureShellDataRe), none of them runs anything (fixtureRunRe), and
// neither text nor any skill-local module text imports holds a call that
// runs text (fixtureExecRe), since a scanner that executes what it reads
// runs its fixture. A name bound and never used is not data: nothing
// shows how it is used.
func fixtureBoundAsData(line, text string, texts map[string]string) bool {
	if fixtureRunRe.MatchString(line) {
		return false
	}
	m := fixtureBindRe.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	name := m[1]
	useRe, err := regexp.Compile(`(?:^|[^\w$])\$?\{?` + regexp.QuoteMeta(name) + `\b`)
	if err != nil {
		return false
	}
	uses := 0
	for _, l := range strings.Split(text, "\n") {
		if l == line || !useRe.MatchString(l) {
			continue
		}
		if b := fixtureBindRe.FindStringSubmatch(l); b != nil && b[1] == name {
			return false // rebound: the later value is not this fixture
		}
		if fixtureRunRe.MatchString(l) {
			return false
		}
		if !fixtureReadRe.MatchString(l) && !fixtureDataCallRe.MatchString(l) && !fixtureShellDataRe.MatchString(l) {
			return false
		}
		uses++
	}
	if uses == 0 || fixtureExecRe.MatchString(text) {
		return false
	}
	for _, mod := range fixtureLocalImports(text) {
		for rel, t := range texts {
			if fixtureDirRe.MatchString(rel) {
				continue
			}
			base := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
			if base == mod && fixtureExecRe.MatchString(t) {
				return false
			}
		}
	}
	return true
}

// fixtureLocalImports returns the last path element of each module text
// imports (fixtureLocalImportRe): "scan" for "import scan",
// "from lib.scan import f" and "require('./lib/scan')". Standard-library
// names come back too; they match no skill file unless the skill ships
// one by that name, which is then checked as well.
func fixtureLocalImports(text string) []string {
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s == "" {
			return
		}
		s = strings.TrimSuffix(path.Base(s), path.Ext(path.Base(s)))
		if i := strings.LastIndexByte(s, '.'); i >= 0 {
			s = s[i+1:]
		}
		if s != "" {
			out = append(out, s)
		}
	}
	for _, m := range fixtureLocalImportRe.FindAllStringSubmatch(text, -1) {
		add(m[1])
		for _, p := range strings.Split(m[2], ",") {
			add(p)
		}
		add(m[3])
	}
	return out
}
