package audit

import (
	"path"
	"regexp"
	"strings"
)

// fixtureDirRe matches a skill-relative path inside a test-fixture
// folder: tests/fixtures, test/fixtures, spec/fixtures, __fixtures__,
// fixtures, testdata, test/data, tests/data, at any depth.
var fixtureDirRe = lazyRE(`(?i)(?:^|/)(?:fixtures?|__fixtures__|testdata|test[-_]?data|tests?/data|spec/data)/`)

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
		if !fixtureDirRe.MatchString(rel) {
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
	for other, text := range texts {
		if other == rel {
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			named := nameRe.MatchString(line)
			if !named && !(strings.Contains(line, dir) && (fixtureRunRe.MatchString(line) || fixtureFollowRe.MatchString(line))) {
				continue
			}
			if named && !fixtureReadRe.MatchString(line) && fixtureBoundAsData(line, text, texts) {
				continue
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
