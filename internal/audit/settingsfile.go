package audit

import (
	"regexp"
	"strings"
)

// A few dotfiles beside credential stores hold settings only: ~/.aws/config
// keeps each profile's region, output format, SSO start URL and
// credential_process command (the keys live in ~/.aws/credentials);
// ~/.ssh/config keeps host aliases and the paths of identity files, not the
// keys; ~/.ssh/known_hosts holds public host keys; ~/.gnupg/*.conf hold
// gpg options. A skill that reads region or output format from one of them
// asks for no secret, so rule secret-request does not report a read of
// such a file when the line names settings only. A line that also names
// keys, secrets, tokens or passwords is still a request for credentials
// (the AWS CLI accepts keys in ~/.aws/config too). Files that do hold
// tokens (~/.kube/config, ~/.docker/config.json, ~/.netrc) are not in
// the list.

// settingsFileRe matches, at the start of the text after a matched
// credential directory, a settings-only file in it (the SSH form first:
// the first alternative that matches wins, and ~/.ssh/config.d/x.conf
// must be read whole).
var settingsFileRe = lazyRE(`^(?:(?:~|\$HOME|(?:\.\./)+)?/?\.ssh)?/(?:config(?:\.d/[\w.-]+)?|known_hosts)\b|^(?:(?:~|\$HOME|(?:\.\./)+)?/?\.aws)?/config\b|^(?:(?:~|\$HOME|(?:\.\./)+)?/?\.gnupg)?/[\w.-]*\.conf\b`)

// settingsSecretRe finds words on a line that name credential material,
// which turn a settings file read back into a request for secrets.
var settingsSecretRe = lazyRE(`(?i)\b(?:secrets?|(?:api|access|private|secret|session|ssh)[ _-]?keys?|aws_(?:access_key_id|secret_access_key|session_token)|tokens?|passwords?|passphrases?|credentials?(?:\s+files?)?|cookies?|id_rsa|id_ed25519|keys?)\b`)

// settingsFileAt reports whether a secret-request match text[start:end]
// ends in the directory part of a settings-only file (see settingsFileRe)
// and the match's line names no credential material, so the read is of
// settings, not of secrets.
func settingsFileAt(text string, start, end int) bool {
	matched := text[start:end]
	low := strings.ToLower(matched)
	var dir string
	for _, d := range []string{".aws", ".ssh", ".gnupg"} {
		if strings.HasSuffix(low, d) {
			dir = d
		}
	}
	if dir == "" {
		return false
	}
	if !settingsFileRe.MatchString(text[end:]) {
		return false
	}
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := strings.IndexByte(text[end:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += end
	}
	// the path itself ("credential_process" in .aws/config is a setting
	// name, not a key) is left out of the line that is checked
	line := text[ls:start] + " " + text[start:end-len(dir)] + " " + pathTail(text[end:le])
	return !settingsSecretRe.MatchString(line)
}

// pathTail returns rest without the path it starts with (up to the first
// space, quote or backtick).
func pathTail(rest string) string {
	if i := strings.IndexAny(rest, " \t`'\")<>,;"); i >= 0 {
		return rest[i:]
	}
	return ""
}

// settingsOnlyPath reports whether the path p (a token, quotes allowed)
// names a settings-only file (~/.aws/config, ~/.ssh/config,
// ~/.ssh/known_hosts, ~/.gnupg/gpg.conf): a program reading it for a
// region or a host alias gathers no credential, so the rules joining a
// credential read in one file to a send in another leave it out.
func settingsOnlyPath(p string) bool {
	low := strings.ToLower(strings.Trim(p, "'\"`"))
	for _, d := range []string{".aws", ".ssh", ".gnupg"} {
		i := strings.LastIndex(low, d+"/")
		if i < 0 {
			continue
		}
		rest := low[i+len(d):]
		m := settingsFileRe.FindStringIndex(rest)
		return m != nil && m[1] == len(rest)
	}
	return false
}

// settingsOnlyProse reports whether body, a string literal with words
// (a docstring, a message), names credential folders only through
// settings-only files ("Write ~/.ssh/config.d/bastion.conf and an
// Include line"): each credPath match, read to the end of its path,
// is a settingsOnlyPath.
func settingsOnlyProse(body string) bool {
	if !strings.ContainsAny(strings.TrimSpace(body), " \t\n") {
		return false
	}
	ms := credPath.FindAllStringIndex(body, 8)
	if ms == nil {
		return false
	}
	for _, m := range ms {
		end := pathEnd(body, m[1])
		if !settingsOnlyPath(strings.TrimRight(body[m[0]:end], ".:")) {
			return false
		}
	}
	return true
}

// settingsDirMeta is a call on a folder that reads none of its files.
var settingsDirMeta = lazyRE(`^\.(?:mkdir|exists|is_dir|chmod|stat)\(`)

// settingsDirAssign is a name assigned on one line: group 1 the name.
var settingsDirAssign = lazyRE(`([A-Za-z_]\w*)\s*=\s*[^=\n]*$`)

// settingsOnlyDirVar reports whether the credential folder part dir (a
// literal at off in code: ".ssh") is assigned to a name every other use
// of which joins one more part making a settings-only file or folder of
// it (SSH = Path.home() / ".ssh"; CONFIG = SSH / "config"; DROPIN = SSH /
// "config.d"): the code reaches the folder's settings, never its keys.
func settingsOnlyDirVar(code string, off int, dir string) bool {
	start := strings.LastIndexByte(code[:off], '\n') + 1
	a := settingsDirAssign.FindStringSubmatch(code[start:off])
	if a == nil {
		return false
	}
	name := regexp.QuoteMeta(a[1])
	uses := regexp.MustCompile(`\b`+name+`\b`).FindAllStringIndex(code, 32)
	join := regexp.MustCompile(`^` + name + `\s*/\s*["']([^"'\n]+)["']|^` + name + `\s*,\s*["']([^"'\n]+)["']`)
	n := 0
	for _, u := range uses {
		if u[0] >= start && u[0] < off {
			continue // the assignment itself
		}
		if inQuotedString(code, u[0]) || settingsDirMeta.MatchString(code[u[1]:min(len(code), u[1]+20)]) {
			continue // prose naming it, or the folder itself made or checked
		}
		j := join.FindStringSubmatch(code[u[0]:min(len(code), u[0]+120)])
		if j == nil {
			return false
		}
		part := j[1] + j[2]
		if !settingsOnlyPath("~/"+strings.Trim(dir, "/")+"/"+part) && part != "config.d" {
			return false
		}
		n++
	}
	return n > 0
}
