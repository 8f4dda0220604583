// Package classify labels shell command lines by risk class.
//
// It never executes anything: input is treated as text and matched against
// rules after light normalisation (quotes, backslash-newlines, ${IFS}).
package classify

import (
	"regexp"
	"sort"
	"strings"
)

type Label string

const (
	Benign       Label = "benign"
	FetchExec    Label = "network-fetch-exec"
	ReverseShell Label = "reverse-shell"
	CredRead     Label = "credential-read"
	Destructive  Label = "destructive"
	Privilege    Label = "privilege"
)

type rule struct {
	label Label
	re    *regexp.Regexp
}

var rules = []rule{
	{FetchExec, regexp.MustCompile(`\b(curl|wget|fetch|iwr|Invoke-WebRequest)\b[^|;&]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b`)},
	{FetchExec, regexp.MustCompile(`\b(ba)?sh\s+-c\s+"?\$\((curl|wget)\b`)},
	{FetchExec, regexp.MustCompile(`\b(iex|Invoke-Expression)\b.*\b(DownloadString|irm|Invoke-RestMethod)\b`)},
	{FetchExec, regexp.MustCompile(`\bpython3?\s+-c\s+.*urlopen\(.*\bexec\(`)},
	{ReverseShell, regexp.MustCompile(`/dev/(tcp|udp)/[^/\s]+/\d+`)},
	{ReverseShell, regexp.MustCompile(`\b(nc|ncat|netcat)\b.*\s-e\s+/bin/(ba)?sh`)},
	{ReverseShell, regexp.MustCompile(`\bsocat\b.*\bexec:`)},
	{ReverseShell, regexp.MustCompile(`\bmkfifo\b.*\|\s*(nc|ncat)\b`)},
	{CredRead, regexp.MustCompile(`~?/?\.(aws/credentials|ssh/id_[a-z0-9]+|netrc|docker/config\.json|kube/config|git-credentials|npmrc|pypirc)\b`)},
	{CredRead, regexp.MustCompile(`\b(security\s+find-generic-password|secret-tool\s+lookup)\b`)},
	{Destructive, regexp.MustCompile(`\brm\s+(-[a-zA-Z]*[rR][a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*[rR]|--recursive\s+--force)[a-zA-Z]*\s+(/|~|\$HOME|/\*)(\s|$)`)},
	{Destructive, regexp.MustCompile(`\b(mkfs(\.\w+)?|dd\s+if=.*\bof=/dev/(sd|nvme|disk))`)},
	{Destructive, regexp.MustCompile(`\brsync\b.*--delete\b.*\s(~|\$HOME|/)/?(\s|$)`)},
	{Privilege, regexp.MustCompile(`\b(sudo|doas)\b.*(NOPASSWD|/etc/sudoers|chmod\s+[0-7]*4[0-7]{3}\b|\bu\+s\b)`)},
}

var (
	lineCont = regexp.MustCompile(`\\\r?\n`)
	ifs      = regexp.MustCompile(`\$\{?IFS\}?`)
)

// Normalize removes common obfuscation that does not change meaning.
func Normalize(cmd string) string {
	s := lineCont.ReplaceAllString(cmd, "")
	s = ifs.ReplaceAllString(s, " ")
	s = strings.NewReplacer(`''`, "", `""`, "", "\t", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Line returns the sorted, de-duplicated labels for one command line.
// A command that matches no rule is labelled Benign.
func Line(cmd string) []Label {
	s := Normalize(cmd)
	seen := map[Label]bool{}
	for _, r := range rules {
		if r.re.MatchString(s) {
			seen[r.label] = true
		}
	}
	if len(seen) == 0 {
		return []Label{Benign}
	}
	out := make([]Label, 0, len(seen))
	for l := range seen {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
