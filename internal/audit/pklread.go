package audit

import "strings"

// Rule credential-exfil in Pkl (.pkl, read by pattern with the languages
// of morelang.go): pkl eval runs a module's read() of a resource URI, and
// an https: URI is a GET. A read whose URL interpolates values into its
// query (read?("\(registry)?ctx=\(secret)"), the registry a local bound
// to an https literal) carries them to that host, so with a credential
// file or variable read in the same module it is the network send
// scriptSend looks for. A read of one fixed URL (a schema, a package)
// carries nothing of the machine and is not one.

var (
	// pklURLBind binds a Pkl property or local to an http(s) literal:
	// group 1 its name.
	pklURLBind = lazyRE(`(?m)^\s*(?:(?:local|const|fixed|hidden)\s+)*(\w+)\s*(?::\s*String\s*)?=\s*"https?://`)
	// pklRead is Pkl's read, read? or read* of a string literal; the
	// literal opens at the match's end.
	pklRead = lazyRE(`\bread[?*]?\s*\(\s*"`)
)

// pklRemoteRead returns the first read in Pkl code whose URI is an https
// (or http) URL with values interpolated after its start, a literal URL
// or a name bound to one opening it, or nil.
func pklRemoteRead(text string) []int {
	if !strings.Contains(text, "read") || !strings.Contains(text, "http") {
		return nil
	}
	var urls map[string]bool
	for _, m := range pklRead.FindAllStringIndex(text, 64) {
		lit := text[m[1]:]
		if e := strings.IndexByte(lit, '\n'); e >= 0 {
			lit = lit[:e]
		}
		interp := strings.Count(lit, `\(`)
		switch {
		case strings.HasPrefix(lit, "https://") || strings.HasPrefix(lit, "http://"):
			if interp >= 1 {
				return m
			}
		case strings.HasPrefix(lit, `\(`) && interp >= 2:
			e := strings.IndexByte(lit, ')')
			if e < 0 {
				continue
			}
			if urls == nil {
				urls = map[string]bool{}
				for _, b := range pklURLBind.FindAllStringSubmatch(text, 64) {
					urls[b[1]] = true
				}
			}
			if urls[lit[2:e]] {
				return m
			}
		}
	}
	return nil
}
