package audit

import (
	"regexp"
	"strings"
)

// Nim's removals of home read through what a build's config.nims does
// (NimScript runs it at every nim c and nimble build): a folder taken
// from a variable whose default is home (getEnv("CACHE", getEnv("HOME")):
// the default is what runs when the variable is unset), handed to a proc
// whose parameter it becomes, and emptied by a loop over NimScript's
// listDirs and listFiles (or os's walkDir) removing each entry with
// rmDir, rmFile, removeDir or removeFile, empties home. A loop letting
// only entries whose name passes a test reach the removal (if
// e.extractFilename.startsWith("futhark_"): rmDir(e)) is a cache
// cleaner; one removing every entry whose name fails the test (if not
// ...startsWith(...)) keeps a few names and removes the rest of home.

var (
	// nimProcHead is a proc's head: group 1 its name, group 2 its
	// parameters.
	nimProcHead = lazyRE(`(?m)^([ \t]*)proc\s+(\w+)\*?\s*\(([^)\n]*)\)[^=\n]*=[ \t]*$`)
	// nimForIn is a for loop's head.
	nimForIn = lazyRE(`(?m)^([ \t]*)for\s+[^\n]+?\s+in\s+[^\n]+:[ \t]*$`)
	// nimNameTest tests an entry's name: startsWith, endsWith, contains,
	// a comparison with a literal, membership.
	nimNameTest = lazyRE(`(?i)\b(?:startsWith|endsWith|contains|match|glob)\b|[!=]=\s*"|\bin\s+[\[\w]`)
)

// nimHomeParam rewrites, in each proc of code taking a parameter that
// every call of the proc in code passes as ~ (home), that parameter in
// the proc's body as ~ (lines kept), so the removals in the body read
// what they remove.
func nimHomeParam(code string) string {
	if !strings.Contains(code, "proc") || !strings.Contains(code, "~") {
		return code
	}
	for _, h := range nimProcHead.FindAllStringSubmatchIndex(code, 32) {
		indent, name, params := code[h[2]:h[3]], code[h[4]:h[5]], code[h[6]:h[7]]
		var names []string
		for _, p := range strings.Split(params, ",") {
			n := strings.TrimSpace(p)
			if i := strings.IndexAny(n, ":="); i >= 0 {
				n = strings.TrimSpace(n[:i])
			}
			names = append(names, n)
		}
		// the proc's body: the lines after its head indented deeper
		end := nimBlockEnd(code, h[1], len(indent))
		calls := regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\(`).FindAllStringIndex(code, 16)
		for i, p := range names {
			if !identRe.MatchString(p) {
				continue
			}
			home, n := true, 0
			for _, c := range calls {
				if c[0] >= h[0] && c[0] < h[1] {
					continue // the head itself
				}
				args := stmtArgs(code[c[1]-1:])
				n++
				home = home && i < len(args) && strings.TrimSpace(args[i]) == "~"
			}
			if n == 0 || !home {
				continue
			}
			body := regexp.MustCompile(`\b`+regexp.QuoteMeta(p)+`\b`).ReplaceAllLiteralString(code[h[1]:end], "~")
			code = code[:h[1]] + body + code[end:]
			end = h[1] + len(body)
		}
	}
	return code
}

// nimLoopFiltered reports whether the removal at offset at sits in a for
// loop whose body, before it, lets only entries whose name passes a test
// reach it: an if testing the name, not negated (if not test: continue
// counts as such a test).
func nimLoopFiltered(code string, at int) bool {
	ls := strings.LastIndexByte(code[:at], '\n') + 1
	ind := indentOf(code[ls:at])
	loop := -1
	for _, m := range nimForIn.FindAllStringSubmatchIndex(code[:ls], -1) {
		if m[3]-m[2] < ind {
			loop = m[1]
		}
	}
	if loop < 0 {
		return false
	}
	for _, m := range pyIfLine.FindAllStringSubmatch(code[loop:ls+ind], -1) {
		cond := m[1]
		if !nimNameTest.MatchString(cond) || pyOrWord.MatchString(cond) {
			continue
		}
		neg := strings.HasPrefix(strings.TrimSpace(cond), "not ") || strings.Contains(cond, "!=")
		if m[2] == "continue" {
			if neg {
				return true
			}
			continue
		}
		if !neg {
			return true
		}
	}
	return false
}

// nimBlockEnd returns where the indented block after a head ending at
// from ends in code: before the first non-blank line indented at most
// indent (a proc's body, in Nim's offside rule), or len(code).
func nimBlockEnd(code string, from, indent int) int {
	end := from
	for end < len(code) {
		nl := strings.IndexByte(code[end+1:], '\n')
		line := code[end+1:]
		if nl >= 0 {
			line = line[:nl]
		}
		if strings.TrimSpace(line) != "" && indentOf(line) <= indent {
			break
		}
		if nl < 0 {
			return len(code)
		}
		end += 1 + nl
	}
	return end
}
