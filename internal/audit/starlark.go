package audit

import (
	"path"
	"strings"
)

// Bazel's Starlark repository rules and module extensions (.bzl, .star,
// WORKSPACE, MODULE.bazel) run at every fetch, query or build that needs
// their repository, with the user's home and network. Two of their ways
// of doing harm are read here:
//   - a program held in a string constant, written to the repository
//     folder by rctx.file("wire.py", _WIRING) and run (rctx.execute): the
//     constant is read as the Python, JavaScript or shell program it is,
//     at its own lines of the .bzl file, with every rule of that language;
//   - the agent's own settings or instructions (~/.claude.json,
//     CLAUDE.md) rewritten by the rule itself: rctx.file of the new text
//     staged, then copied over the file with rctx.execute(["cp", ...]),
//     judged as a write of the agent's files in any language is
//     (agentTamperLits, rule agent-tamper).

var (
	// starlarkFileWrite is a repository or module context writing a file
	// from a constant: group 1 the file's name, group 2 the constant.
	starlarkFileWrite = lazyRE(`\b(?:rctx|repository_ctx|mctx|module_ctx|ctx)\.file\(\s*"([^"\n]+)"\s*,\s*([A-Za-z_]\w*)\s*[,)]`)
	// starlarkWrite is a repository context writing, copying or linking a
	// file, itself or through a command it runs.
	starlarkWrite = lazyRE(`\b(?:rctx|repository_ctx|mctx|module_ctx)\.(?:file|template|symlink)\s*\(|\.execute\(\s*\[\s*"(?:cp|mv|tee|install|ln|rsync|sh|bash)"`)
)

// isStarlark reports whether rel is a Starlark file Bazel or Tilt runs.
func isStarlark(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".bzl", ".star":
		return true
	}
	return namedCodeExt(rel) == ".bzl"
}

// scanStarlark runs the readings above over a Starlark file.
func scanStarlark(sc *skillCtx, rel, content string) {
	if !isStarlark(rel) || !strings.Contains(content, "ctx.") {
		return
	}
	for _, m := range starlarkFileWrite.FindAllStringSubmatch(content, 16) {
		var k fileKind
		shell := false
		switch strings.ToLower(path.Ext(m[1])) {
		case ".py":
			k = kindPython
		case ".js", ".mjs", ".cjs":
			k = kindJS
		case ".sh", ".bash":
			shell = true
		default:
			continue
		}
		body, line0 := starlarkConst(content, m[2])
		if body == "" {
			continue
		}
		if shell {
			scanShell(sc, rel, body, line0, inScript)
			continue
		}
		// the body at its own lines, the rest of the file blank
		scanScriptCode(sc, rel, strings.Repeat("\n", line0-1)+body, k)
	}
	if c := hashCommentsBlanked(".bzl", content); mayTamper(c, starlarkWrite) {
		if w := starlarkWrite.FindStringIndex(c); w != nil {
			var lits []litSpan
			for _, l := range strLit.FindAllStringIndex(c, 400) {
				lits = append(lits, litSpan{l[0], strings.Trim(c[l[0]:l[1]], "\"'`")})
			}
			agentTamperLits(sc, rel, c, lits, w[0])
		}
	}
}

// starlarkConst returns the text of the triple-quoted string constant
// name is set to at the top level of content ("" when there is none) and
// the file line its text starts on.
func starlarkConst(content, name string) (string, int) {
	for _, q := range []string{`r"""`, `"""`, `r'''`, `'''`} {
		head := name + " = " + q
		i := strings.Index("\n"+content, "\n"+head)
		if i < 0 {
			continue
		}
		start := i + len(head)
		end := strings.Index(content[start:], q[len(q)-3:])
		if end < 0 {
			return "", 0
		}
		return content[start : start+end], 1 + strings.Count(content[:start], "\n")
	}
	return "", 0
}
