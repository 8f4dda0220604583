package audit

import "strings"

// A program read by pattern (Julia, Go, Ruby, Perl, R and the other
// languages of scanOtherTaint) that runs `gh auth token` takes the GitHub
// CLI's stored login token out of its keyring or hosts.yml, the same
// secret a read of ~/.config/gh/hosts.yml gives: read(`gh auth token`,
// String) in Julia, exec.Command("gh", "auth", "token") in Go. With a
// network call in the same file it is credential-exfil, critical, unless
// every URL the file names is one of GitHub's own hosts (the token used
// to call the GitHub API it was issued for): high then, as a stored
// credential sent only to its service ranks (credservice.go).

// cliTokenRead is a run of the GitHub CLI's token printer, written as a
// command line or as a list of string literals.
var cliTokenRead = lazyRE(`\bgh` + argSep + `auth` + argSep + `token\b`)

// cliTokenWhat names what cliTokenRead reads, in a finding's reason.
const cliTokenWhat = "the GitHub CLI's stored token (gh auth token)"

// cliTokenOf returns the span of the first run of `gh auth token` in
// code (comments blanked), or nil; cheap when code never says "auth".
func cliTokenOf(code string) []int {
	if !strings.Contains(code, "auth") {
		return nil
	}
	return cliTokenRead.FindStringIndex(code)
}

// cliTokenGitHubOnly reports whether every literal URL of code names
// one of GitHub's hosts, and there is at least one: the token read by
// cliTokenRead sent only to the service it logs in to.
func cliTokenGitHubOnly(code string) bool {
	hosts := map[string]bool{}
	for _, h := range serviceHosts["gh"] {
		hosts[h] = true
	}
	ms := urlHostRe.FindAllStringSubmatch(code, -1)
	for _, m := range ms {
		h := strings.ToLower(m[1])
		if i := strings.LastIndexByte(h, '@'); i >= 0 {
			h = h[i+1:]
		}
		if i := strings.IndexByte(h, ':'); i >= 0 {
			h = h[:i]
		}
		if !hosts[strings.TrimSuffix(h, ".")] {
			return false
		}
	}
	return len(ms) > 0
}
