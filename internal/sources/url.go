package sources

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// Spec is a source as the user names it: a git URL and the ref asked for.
type Spec struct {
	// URL is the repository as recorded in the lockfile and shown in
	// output: https, http, ssh, git and file URLs, scp-style
	// "user@host:path", or an absolute local path; credentials removed
	// (an https URL's userinfo, an ssh URL's password).
	URL string
	// Ref is the branch, tag or commit asked for ("" the remote's
	// default branch).
	Ref string
	// fetchURL is URL with its credentials, used only to run git; secret
	// is those credentials, redacted from every error.
	fetchURL, secret string
}

// scpLike matches git's scp-style ssh syntax, user@host:path.
var scpLike = regexp.MustCompile(`^([A-Za-z0-9._~-]+@)?([A-Za-z0-9.-]+):([^/].*|/.*)$`)

// ParseSpec reads SOURCE: a git URL or a path to a local repository, with
// an optional "#ref" (branch, tag or commit). Errors say what is wrong:
// an unsupported scheme, an empty ref, a path that does not exist.
func ParseSpec(s string) (Spec, error) {
	raw, ref := s, ""
	if i := strings.LastIndex(s, "#"); i >= 0 {
		raw, ref = s[:i], s[i+1:]
		if ref == "" {
			return Spec{}, fmt.Errorf("source %q: empty ref after #; give a branch, tag or commit, or drop the #", redactURL(s))
		}
		if err := checkRef(ref); err != nil {
			return Spec{}, err
		}
	}
	if raw == "" {
		return Spec{}, fmt.Errorf("empty source: give a git URL or a path to a repository")
	}
	if strings.HasPrefix(raw, "-") {
		return Spec{}, fmt.Errorf("source %q: a URL cannot start with '-'", raw)
	}
	sp := Spec{Ref: ref}
	if u, err := url.Parse(raw); err == nil && u.Scheme != "" && strings.Contains(raw, "://") {
		switch u.Scheme {
		case "https", "http", "git", "ssh", "git+ssh", "ssh+git", "file":
		default:
			return Spec{}, fmt.Errorf("source %q: scheme %s is not supported; use https, ssh, git or file", redactURL(raw), u.Scheme)
		}
		sp.fetchURL = raw
		if u.User != nil {
			clean := *u
			switch u.Scheme {
			case "https", "http":
				// A token in an https URL is all userinfo
				// (TOKEN@host or user:TOKEN@host).
				sp.secret = u.User.String()
				clean.User = nil
			default:
				if p, ok := u.User.Password(); ok {
					sp.secret = p
				}
				clean.User = url.User(u.User.Username())
			}
			sp.URL = clean.String()
		} else {
			sp.URL = raw
		}
		if u.Scheme == "file" && u.Path == "" {
			return Spec{}, fmt.Errorf("source %q: a file URL needs a path", raw)
		}
		return sp, nil
	}
	if strings.Contains(raw, "::") {
		// git reads transport::address as a remote helper (ext:: runs
		// a command): never.
		return Spec{}, fmt.Errorf("source %q is neither a git URL (https://, ssh://, git://, file://, user@host:path) nor an existing folder", raw)
	}
	if m := scpLike.FindStringSubmatch(raw); m != nil && !strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, ".") && len(m[2]) > 1 {
		if _, err := os.Stat(raw); err != nil { // a local folder named "a:b" wins
			sp.URL, sp.fetchURL = raw, raw
			return sp, nil
		}
	}
	p := raw
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[1:])
		}
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return Spec{}, fmt.Errorf("source %q: %w", raw, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return Spec{}, fmt.Errorf("source %q is neither a git URL (https://, ssh://, git://, file://, user@host:path) nor an existing folder", raw)
	}
	sp.URL, sp.fetchURL = abs, abs
	return sp, nil
}

// checkRef refuses refs git would read as options or that no branch, tag
// or commit could have.
func checkRef(ref string) error {
	if strings.HasPrefix(ref, "-") || strings.ContainsAny(ref, " \t\n\\:?*[~^") || strings.Contains(ref, "..") || strings.Contains(ref, "@{") {
		return fmt.Errorf("ref %q is not a branch, tag or commit name", ref)
	}
	return nil
}

// String is the spec as the user would type it again: URL#ref, without
// credentials.
func (s Spec) String() string {
	if s.Ref == "" {
		return s.URL
	}
	return s.URL + "#" + s.Ref
}

// redactURL removes userinfo from anything that parses as a URL.
func redactURL(s string) string {
	if u, err := url.Parse(s); err == nil && u.User != nil {
		u.User = nil
		return u.String()
	}
	return s
}

// DefaultName is the name a source gets unless the user names it: the
// subpath's last folder when there is one, else the repository's last
// path segment without ".git".
func DefaultName(repoURL, subpath string) string {
	if subpath != "" && subpath != "." {
		return sanitizeName(path.Base(subpath))
	}
	s := strings.TrimRight(repoURL, "/")
	if i := strings.LastIndexAny(s, "/:"); i >= 0 {
		s = s[i+1:]
	}
	return sanitizeName(strings.TrimSuffix(s, ".git"))
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

func sanitizeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	out := strings.Trim(b.String(), ".-")
	if out == "" {
		out = "source"
	}
	if len(out) > 64 {
		out = out[:64]
	}
	return out
}

// CheckName refuses source names that could not be a folder name of the
// cache: letters, digits, '.', '_' and '-', up to 64, starting with a
// letter or digit.
func CheckName(name string) error {
	if !nameRE.MatchString(name) {
		return fmt.Errorf("source name %q: use letters, digits, '.', '_' and '-' (up to 64, starting with a letter or digit)", name)
	}
	return nil
}

// cleanSubpath checks --path: relative, slash-separated, inside the
// repository, no ".git" component.
func cleanSubpath(p string) (string, error) {
	if p == "" {
		return "", nil
	}
	if strings.Contains(p, "\\") || path.IsAbs(p) {
		return "", fmt.Errorf("--path %q: give a folder relative to the repository's top, with '/'", p)
	}
	c := path.Clean(p)
	if c == "." {
		return "", nil
	}
	for _, part := range strings.Split(c, "/") {
		if part == ".." || isGitName(part) {
			return "", fmt.Errorf("--path %q: must stay inside the repository and not name .git", p)
		}
	}
	return c, nil
}
