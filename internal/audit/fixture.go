package audit

import (
	"path"
	"regexp"
	"strings"
)

// fixtureDirRe matches a skill-relative path inside a test-fixture
// folder: tests/fixtures, test/fixtures, spec/fixtures, __fixtures__,
// fixtures, testdata, test/data, tests/data, at any depth; or a file
// named as a fixture in a test folder (tests/shell-iocs.fixture.sh,
// test/payload_fixture.py: semgrep --test pairs rules with such files).
var fixtureDirRe = lazyRE(`(?i)(?:^|/)(?:fixtures?|__fixtures__|testdata|test[-_]?data|tests?/data|spec/data)/|(?:^|/)(?:tests?|spec|__tests__)/(?:[^/]+/)*[^/]*[._-]fixtures?\.[^/]+$`)

// fixtureRunRe matches, on a line that names a fixture file, a word that
// runs, sources, copies or installs it: "run tests/fixtures/x.sh",
// "bash fixtures/x.sh", "source", "./", a spawn call, a copy that could
// put it where it runs. A word inside a path or file name ("x.sh",
// "run-tests/") is not one.
var fixtureRunRe = lazyRE(`(?i)(?:^|[^\w./-])(?:run|runs|running|ran|execut\w*|exec\w*|source|sh|bash|zsh|dash|ksh|fish|pwsh|powershell|cmd|python\d?|py|node|deno|bun|npx|ruby|perl|php|lua|go\s+run|invok\w*|launch\w*|start|call|spawn\w*|system|popen|subprocess|child_process|chmod|eval|install\w*|cp|copy|mv|move|ln|rsync|import|require|include|hooks?)\b|\./|^\s*\.\s`)

// fixtureReadRe matches a read of a file as data on the line that names
// it: read_text, open(), readFile, File.read, a load call.
var fixtureReadRe = lazyRE(`(?i)\bread\w*\s*\(|\bopen\s*\(|\bread_text\b|\bread_bytes\b|\bload\w*\s*\(|\bFile\.read\b|\bfixture\w*\s*\(`)

// fixtureExecRe matches a call that runs text a program holds: a file
// that reads a fixture and also holds one may run what it read
// ("exec(code)", "subprocess.run(['sh', '-c', code])").
var fixtureExecRe = lazyRE(`(?i)\b(?:exec\w*|eval|system|popen|spawn\w*|subprocess|child_process|execSync|Function|Command|Process\.Start|IEX|Invoke-Expression|source)\s*[(.\s]`)

// fixtureData is the set of fixture files of a skill that nothing in it
// runs: each is data, so a finding in it is at most medium.
type fixtureData map[string]bool

// fixturesAsData returns the files of texts (skill-relative path to
// content) that sit in a test-fixture folder (fixtureDirRe) and that no
// other file of the skill names as something to run. A file is named
// where its base name occurs on a line; the mention is a read, not a
// run, only where that line reads it (fixtureReadRe) and nothing on it
// runs it (fixtureRunRe) and its file holds no call that runs text
// (fixtureExecRe), and a line that runs the fixture's folder
// ("bash tests/fixtures/*.sh") or tells the agent to follow what it
// holds (fixtureFollowRe) runs every file in it. Prose that merely
// names the file counts as running it, so only fixtures a skill loads as
// data, binds to a name it only hands to data calls (fixtureBoundAsData),
// or never names are data.
func fixturesAsData(texts map[string]string) fixtureData {
	var out fixtureData
	for rel := range texts {
		if !fixtureDirRe.MatchString(rel) && !semgrepTestFile(rel, texts) && !queryTestFile(rel, texts) {
			continue
		}
		if !fixtureRun(rel, texts) {
			if out == nil {
				out = fixtureData{}
			}
			out[rel] = true
		}
	}
	return out
}

// fixtureRun reports whether a file of texts other than rel names rel
// as something to run (see fixturesAsData).
func fixtureRun(rel string, texts map[string]string) bool {
	base := path.Base(rel)
	dir := path.Dir(rel)
	nameRe := regexp.MustCompile(`(?i)(?:^|[^\w.-])` + regexp.QuoteMeta(base) + `(?:$|[^\w-])`)
	query := queryTestFile(rel, texts) // a query test's input (fixturequery.go)
	for other, text := range texts {
		if other == rel {
			continue
		}
		if fixtureDirRe.MatchString(other) && isDataExt(strings.ToLower(path.Ext(other))) || query && queryTestResults(other) {
			continue // a fixture's expected results name it as data
		}
		md := query && strings.EqualFold(path.Ext(other), ".md")
		for _, line := range strings.Split(text, "\n") {
			named := nameRe.MatchString(line)
			if !named && !(strings.Contains(line, dir) && (fixtureRunRe.MatchString(line) || fixtureFollowRe.MatchString(line))) {
				continue
			}
			if !named && fixtureDirInput(line, dir, texts) {
				continue
			}
			if named && !fixtureReadRe.MatchString(line) && fixtureBoundAsData(line, text, texts) {
				continue
			}
			if named && fixtureHelperArg(line, text, rel, texts) {
				continue
			}
			if named && md && !queryTestProseRuns(line) {
				continue // prose describing a query test's input
			}
			if !named || !fixtureReadRe.MatchString(line) || fixtureRunRe.MatchString(line) || fixtureExecRe.MatchString(text) {
				return true
			}
		}
	}
	return false
}

// cap lowers each finding in a data fixture, or whose reason cites one
// as where its content comes from, to medium at most, and says why.
func (fd fixtureData) cap(findings []Finding) {
	for i := range findings {
		f := &findings[i]
		if f.Severity <= Medium {
			continue
		}
		for rel := range fd {
			if f.File == rel || strings.Contains(f.Reason, rel) {
				f.Severity = Medium
				f.Reason += " (in a test fixture nothing in the skill runs: " + rel + ")"
				break
			}
		}
	}
}

// fixtureCopyRe matches a call that copies, installs, moves or writes a
// file: a script holding one may put what it reads where it runs (an
// agent's settings).
var fixtureCopyRe = lazyRE(`(?i)\b(?:copy\w*|install\w*|move\w*|rename|symlink\w*|write\w*|cp|mv|ln|rsync)\s*\(`)

// fixtureAfterRun matches the end of the text just before a fixture
// folder on a line: a word that runs or sources what follows it.
var fixtureAfterRun = lazyRE(`(?i)(?:^|[^\w./-])(?:source|sh|bash|zsh|dash|ksh|fish|pwsh|powershell|cmd|python\d?|py|node|deno|bun|npx|ruby|perl|php|lua|exec|eval|cp|copy|mv|move|ln|rsync|install|apply|follow|obey)\s+$|^\s*\.\s+$`)

// fixtureScanTool is a scanner or linter that reads the files it is
// given as text, never running them, as the command the rest of the
// line up to the fixture folder belongs to.
var fixtureScanTool = lazyRE("(?i)(?:^|[\\s`(])(?:semgrep|opengrep|codeql|trufflehog|gitleaks|detect-secrets|yara|shellcheck|hadolint|bandit|ruff|eslint|grep|rg|clamscan|checkov|tfsec|trivy)\\s[^;|&`$]*$")

// fixtureDirInput reports whether line, which names the fixture folder
// dir without naming one of its files, hands it to a scanner that reads
// it as text (fixtureScanTool), or runs a script of the skill (a file
// of texts outside the fixture folders, named before dir) with the
// folder as its input ("python3 scripts/scan.py --self-test  # run rules
// against tests/fixtures"): the script reads the folder, so the line runs
// none of the fixtures, unless the script can run or copy what it reads
// (fixtureExecRe, fixtureCopyRe), a shell separator starts another
// command before dir, a word just before dir runs or copies it, or the
// line tells the agent to follow what the folder holds.
func fixtureDirInput(line, dir string, texts map[string]string) bool {
	at := strings.Index(line, dir)
	if at < 0 || fixtureFollowRe.MatchString(line) {
		return false
	}
	if fixtureScanTool.MatchString(line[:strings.LastIndex(line, dir)]) {
		// semgrep --test rules/ tests/: the scanner reads them, unless
		// another mention on the line runs the folder (bash tests/*.sh)
		runs := false
		for off := 0; ; {
			i := strings.Index(line[off:], dir)
			if i < 0 {
				break
			}
			runs = runs || fixtureAfterRun.MatchString(strings.TrimSuffix(line[:off+i], "./"))
			off += i + len(dir)
		}
		return !runs
	}
	for other, text := range texts {
		if fixtureDirRe.MatchString(other) || isDataExt(strings.ToLower(path.Ext(other))) || strings.EqualFold(path.Ext(other), ".md") {
			continue
		}
		i := strings.Index(line[:at], other)
		if i < 0 {
			continue
		}
		seg := strings.TrimSuffix(line[i+len(other):at], "./")
		if strings.ContainsAny(seg, ";|&`") || strings.Contains(seg, "$(") || fixtureAfterRun.MatchString(seg) {
			return false
		}
		return !fixtureExecRe.MatchString(text) && !fixtureCopyRe.MatchString(text)
	}
	return false
}

// semgrepTestFile reports whether rel is a Semgrep rule's test file:
// a file in a tests or test folder whose stem is that of a rule file
// (rules/<stem>.yml or .yaml) of the skill, which semgrep --test pairs
// with it and reads as text.
func semgrepTestFile(rel string, texts map[string]string) bool {
	dir := path.Base(path.Dir(rel))
	if dir != "tests" && dir != "test" {
		return false
	}
	stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	for other := range texts {
		if path.Base(path.Dir(other)) == "rules" && (strings.HasSuffix(other, "/"+stem+".yml") || strings.HasSuffix(other, "/"+stem+".yaml")) {
			return true
		}
	}
	return false
}
