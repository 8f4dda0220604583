package sources

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzParseSpec: whatever SOURCE is, ParseSpec never panics, and a spec
// it accepts has a URL git cannot read as an option or a remote helper,
// without its credentials, that the lockfile check accepts.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"https://tok@github.com/o/r.git#main", "git@host:o/r.git#v1", "ssh://u:p@h/x",
		"git://127.0.0.1:9418/x#abc1234", "file:///srv/r", "ext::sh -c id", "-u", "https://h/x#--x", "/tmp", "a:b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpec(s)
		if err != nil {
			return
		}
		if strings.HasPrefix(sp.URL, "-") || (strings.Contains(sp.URL, "::") && !strings.Contains(sp.URL, "://")) {
			t.Fatalf("%q: URL %q", s, sp.URL)
		}
		if sp.secret != "" {
			// The credentials are the URL's userinfo (all of it for
			// http(s), the password otherwise); the secret's text may
			// still occur elsewhere ("http://k@k").
			u, err := url.Parse(sp.URL)
			if err != nil {
				t.Fatalf("%q: URL %q: %v", s, sp.URL, err)
			}
			if _, pw := u.User.Password(); pw || u.User != nil && (u.Scheme == "http" || u.Scheme == "https") {
				t.Fatalf("%q: URL %q keeps the secret", s, sp.URL)
			}
		}
		if sp.Ref != "" && checkRef(sp.Ref) != nil {
			t.Fatalf("%q: ref %q", s, sp.Ref)
		}
	})
}

// FuzzResolvesInside: the tree-link resolution never panics or loops,
// and never calls a link inside when its target, taken alone from the
// tree's top, climbs above it.
func FuzzResolvesInside(f *testing.F) {
	f.Add("a/l", "../x", "a/m", ".")
	f.Add("l", "m/../..", "m", ".")
	f.Add("a/b/l", "../../c", "c", "l")
	f.Fuzz(func(t *testing.T, p1, t1, p2, t2 string) {
		if p1 == "" || p2 == "" || p1 == p2 {
			return
		}
		targets := map[string]string{p1: t1, p2: t2}
		inside := resolvesInside(p1, targets)
		if inside && strings.HasPrefix(t1, "/") {
			t.Fatalf("absolute target %q taken as inside", t1)
		}
	})
}
