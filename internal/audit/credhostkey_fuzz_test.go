package audit

import "testing"

// FuzzPyHostKeyedAuth: no Python text stops the reader that follows a
// netrc lookup's key to a URL's host and its entry to an auth header
// (unbalanced brackets, unterminated strings and f-strings, defs with no
// body, recursive functions).
func FuzzPyHostKeyedAuth(f *testing.F) {
	for _, s := range []string{
		"import netrc, urllib.parse, requests\ndef get(url):\n    host = urllib.parse.urlsplit(url).hostname\n    e = netrc.netrc().hosts.get(host)\n    return requests.get(url, auth=(e[0], e[2]))\n",
		"n = netrc.netrc(p)\nif h in n.hosts:\n    x = n.hosts[h]\n", "def f(host):\n    return netrc.netrc().hosts.get(host)\nf(f(host))\n",
		"x = netrc.netrc(", "f'{netrc.netrc().hosts.get(h)", "def (", "", "host = urlsplit(host).hostname\nnetrc.netrc().hosts[host]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		pyHostKeyedAuth(code)
		pyHostKeyedAuth(stripComments(code, kindPython))
	})
}
