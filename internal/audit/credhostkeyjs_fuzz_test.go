package audit

import "testing"

// FuzzJSHostKeyedAuth: no JavaScript or TypeScript text stops the reader
// that follows a netrc lookup's key to a URL's host and its entry to a
// connection's auth (unbalanced brackets and template literals, functions
// with no body, destructuring with no source, lookups with no key).
func FuzzJSHostKeyedAuth(f *testing.F) {
	for _, s := range []string{
		"import netrc from 'netrc-parser'\nasync function c(host) { await netrc.load(); return netrc.machines[host] }\nasync function g(url) { const { hostname } = new URL(url); const e = await c(hostname); return fetch(url, { headers: { Authorization: `Basic ${e.password}` } }) }\n",
		"const netrc = require('netrc')\nconst m = netrc()\nfunction g(url) { return https.get(url, { auth: m[new URL(url).hostname].login }) }\n",
		"function p(host) { const t = fs.readFileSync('~/.netrc', 'utf8').split(' '); const e = {}; return e[host] }\np(new URL(u).hostname)\n",
		"netrc.machines[", "const { hostname } =", "function (", "`${netrc.machines[h]", "const f = (h) => netrc.machines[h]\nf(f(h))\n", "", "{{{{", "netrc()[",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		jsHostKeyedAuth(code)
		jsHostKeyedAuth(stripComments(code, kindJS))
	})
}
