package audit

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// shellFence is one shell code block of a markdown file: its first line
// and byte offset in the file and its text with console prompts stripped.
type shellFence struct {
	line, off int
	code      string
}

// joinedFenceRules are the rules the joined reading of a file's shell
// blocks may add: the credential rules whose read and send can sit in
// different blocks. Every other rule already reads each block whole.
var joinedFenceRules = map[string]bool{"credential-exfil": true}

// scanJoinedFences reads linked shell code blocks of one markdown file
// as a single script. An agent following a guide runs its blocks in turn
// on one machine, so a credential copied into a folder by one block and
// tarred and uploaded by a later one is the same flow as both steps in
// one script. Blocks are joined only when linked (linkedFences): a later
// block names a file or folder an earlier one writes, as a staged bundle
// is named by the block that ships it; blocks that only sit in one guide
// (a check here, an unrelated upload there) are not one flow. The
// blocks keep their lines: the prose between them becomes empty lines.
// Only findings of joinedFenceRules whose line no single block already
// reported are kept, so the joined reading adds the flows that cross
// blocks and nothing else. They are ranked in the context of the group's
// last block, whose text above covers every block: consent(off) and
// warned(off) judge the text above byte offset off.
func scanJoinedFences(sc *skillCtx, rel string, fences []shellFence, consent, warned func(off int) bool) {
	for _, group := range linkedFences(sc, fences) {
		var b strings.Builder
		line := group[0].line
		for _, f := range group {
			for ; line < f.line; line++ {
				b.WriteByte('\n')
			}
			code := f.code
			if !strings.HasSuffix(code, "\n") {
				code += "\n"
			}
			b.WriteString(code)
			line += strings.Count(code, "\n")
		}
		before := len(sc.findings)
		seen := map[int]bool{}
		for _, f := range sc.findings {
			if f.File == rel && joinedFenceRules[f.RuleID] {
				seen[f.Line] = true
			}
		}
		last := group[len(group)-1].off
		sc.warnedFn = func() bool { return warned(last) }
		sc.consentFn = func() bool { return consent(last) }
		sc.inFence = true
		scanShell(sc, rel, b.String(), group[0].line, inCode)
		sc.warnedFn, sc.consentFn, sc.inFence = nil, nil, false
		kept := sc.findings[:before]
		for _, f := range sc.findings[before:] {
			if joinedFenceRules[f.RuleID] && !seen[f.Line] {
				kept = append(kept, f)
			}
		}
		sc.findings = kept
	}
}

// linkedFences groups the blocks that are linked, in order: block j is
// linked to an earlier block i when j's text names a path i writes or
// that path's folder (stagedPaths). Groups of one block are left out.
func linkedFences(sc *skillCtx, fences []shellFence) [][]shellFence {
	if len(fences) < 2 {
		return nil
	}
	group := make([]int, len(fences))
	for i := range group {
		group[i] = i
	}
	root := func(i int) int {
		for group[i] != i {
			i = group[i]
		}
		return i
	}
	for i, f := range fences {
		for _, p := range stagedPaths(sc, f.code) {
			for j := i + 1; j < len(fences); j++ {
				if strings.Contains(fences[j].code, p) {
					group[root(j)] = root(i)
				}
			}
		}
	}
	byRoot := map[int][]shellFence{}
	var order []int
	for i, f := range fences {
		r := root(i)
		if byRoot[r] == nil {
			order = append(order, r)
		}
		byRoot[r] = append(byRoot[r], f)
	}
	var out [][]shellFence
	for _, r := range order {
		if len(byRoot[r]) > 1 {
			out = append(out, byRoot[r])
		}
	}
	return out
}

// stagedPaths returns the paths a shell block writes (redirection
// targets, tee's files, the destination of cp, mv, install, rsync and
// ln, an archive tar or zip makes) and the folders holding them, less
// folders every guide shares (/tmp, ~, the current folder) and names
// under four bytes.
func stagedPaths(sc *skillCtx, code string) []string {
	f, err := sc.parseShell(code)
	if err != nil {
		return nil
	}
	var out []string
	addPath := func(p string) {
		p = strings.TrimRight(p, "/")
		for _, q := range []string{p, path.Dir(p)} {
			if len(q) >= 4 && !sharedDirs()[q] && !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Redirect:
			if n.Word != nil && (n.Op == syntax.RdrOut || n.Op == syntax.AppOut || n.Op == syntax.RdrClob || n.Op == syntax.RdrAll || n.Op == syntax.AppAll) {
				addPath(wordText(n.Word))
			}
		case *syntax.CallExpr:
			var args []string
			for _, w := range n.Args {
				args = append(args, wordText(w))
			}
			if len(args) < 2 {
				break
			}
			var operands []string
			for _, a := range args[1:] {
				if !strings.HasPrefix(a, "-") {
					operands = append(operands, a)
				}
			}
			if len(operands) == 0 {
				break
			}
			switch path.Base(args[0]) {
			case "cp", "mv", "install", "rsync", "ln":
				addPath(operands[len(operands)-1])
			case "tee":
				for _, o := range operands {
					addPath(o)
				}
			case "tar", "zip", "7z":
				for _, o := range operands {
					if archiveName.MatchString(o) {
						addPath(o)
					}
				}
			}
		}
		return true
	})
	return out
}

// sharedDirs are folders many unrelated blocks name.
var sharedDirs = lazySet("/tmp", "/var/tmp", "$HOME", "${HOME}", "~", "/dev", "/dev/null", "/dev/stderr", "/dev/stdout", "$TMPDIR", "${TMPDIR}")

// archiveName matches an archive file name.
var archiveName = lazyRE(`\.(?:tar|tgz|tar\.gz|tar\.xz|tar\.bz2|tar\.zst|zip|7z)$`)
