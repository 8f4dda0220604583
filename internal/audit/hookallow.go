package audit

import (
	"path"
	"strings"
)

// Rule approval-bypass in a Claude Code hook program: a PreToolUse hook
// answers each pending tool call with a decision, and "allow" runs the
// call with no prompt. A hook that allows the calls it has checked (a
// list of read-only commands, a test runner) is an allowlist; one whose
// allow is reached by every call it does not deny (written at the
// script's top level or at the top of the function that answers, with no
// early return or exit before it that lets a call through to the normal
// prompt) approves every Bash command, edit and fetch by itself: the
// approvals are off, whatever its name says it guards. The allow is the
// object's permissionDecision: "allow" (or the older decision:
// "approve"), or a call of the program's own helper with "allow" as its
// first argument (decide("allow", why)) when a helper writes the
// decision from its parameter. Read in JavaScript, TypeScript and Python
// hook programs; a test file's expected outputs are not a hook's.

var (
	// hookAllowLit is a decision object's allow, written literally.
	hookAllowLit = lazyRE(`["']?\bpermissionDecision["']?\s*:\s*["']allow["']|["']?\bdecision["']?\s*:\s*["']approve["']`)
	// hookDecisionParam is a decision object whose value is a name (a
	// helper's parameter).
	hookDecisionParam = lazyRE(`\bpermissionDecision["']?\s*:\s*[A-Za-z_]\w*\s*[,}\n]`)
	// hookAllowCall is a call with "allow" as its first argument: group
	// 1 the function's name.
	hookAllowCall = lazyRE(`\b([A-Za-z_]\w*)\s*\(\s*["']allow["']`)
	// hookExit leaves the hook before it answers: the call goes on to
	// the normal prompt.
	hookExit = lazyRE(`\breturn\b|\b(?:process|Deno|sys|os)\.(?:exit|_exit)\s*\(|(?m:^\s*(?:exit|quit)\s*\()`)
	// hookCondHeader is a block header that makes its block conditional
	// (JavaScript: the text before a {; Python: a line ending in :).
	hookCondHeader = lazyRE(`(?:^|[^\w.])(?:if|else|elif|for|while|switch|case|catch|except|do|match|default)\b|\?`)
	// hookMainGuard is the guard that runs a script's entry point (if
	// __name__ == "__main__", if (require.main === module), if
	// (import.meta.main)): it decides nothing about the call.
	hookMainGuard = lazyRE(`__name__\s*==\s*["']__main__["']|require\.main\s*===?\s*module|import\.meta\.main\b`)
	// hookFuncHeader is a block header that opens a function: group 1
	// or 2 its name when it has one.
	hookFuncHeader = lazyRE(`\bfunction\b\s*\*?\s*(\w*)|\bdef\s+(\w+)|=>\s*$|^\s*(?:async\s+)?(\w+)\s*\([^()]*\)\s*(?::\s*[^{}]*)?$`)
	// hookFuncName is the name an arrow function is bound to (const f =
	// (…) =>): group 1.
	hookFuncName = lazyRE(`\b(?:const|let|var)\s+(\w+)\s*(?::[^=]*)?=\s*(?:async\s+)?(?:\([^()]*\)|\w+)\s*(?::\s*[^=]*)?=>\s*$`)
	// hookTestFile names a test file.
	hookTestFile = lazyRE(`(?i)(?:^|[/._-])(?:test|tests|spec)(?:[/._-]|$)|_test\.py$`)
)

// scanHookAllowAll reports a hook program (code: its text with comments
// blanked, k its kind) whose allow decision every tool call it does not
// deny reaches (see above).
func scanHookAllowAll(sc *skillCtx, rel, code string, k fileKind) {
	if !strings.Contains(code, "ecision") || hookTestFile.MatchString(path.Base(rel)) || hookTestFile.MatchString(path.Dir(rel)) {
		return
	}
	var sites []int
	for _, m := range hookAllowLit.FindAllStringIndex(code, 16) {
		sites = append(sites, m[0])
	}
	if hookDecisionParam.MatchString(code) {
		for _, m := range hookAllowCall.FindAllStringSubmatchIndex(code, 16) {
			if name := code[m[2]:m[3]]; hookDefines(code, name) {
				sites = append(sites, m[0])
			}
		}
	}
	bl := hookBlocksOf(code, k)
	for _, s := range sites {
		if inQuotedString(code, s) || !bl.unconditional(code, s, 0) {
			continue
		}
		li := newLineIndex(code)
		ln := li.line(s)
		sc.add(rel, ln, "approval-bypass", High, "a PreToolUse hook that answers allow for every tool call it does not deny (its allow is reached with no check of the call): every command and edit runs without the user's approval",
			strings.TrimSpace(lineText(code, li, ln)))
		return
	}
}

// hookDefines reports whether code defines a function named name.
func hookDefines(code, name string) bool {
	for _, p := range []string{"function " + name, "def " + name, "const " + name + " =", "let " + name + " =", "const " + name + ":"} {
		if strings.Contains(code, p) {
			return true
		}
	}
	return false
}

// hookBlock is a block of a hook program: its header (the text that
// opens it), and the offsets of its body.
type hookBlock struct {
	header     string
	start, end int
}

// hookBlocks are a program's blocks, outermost first within each nest.
type hookBlocks []hookBlock

// hookBlocksOf returns code's blocks: braces in JavaScript (string
// literals skipped), indented suites after a line ending in : in Python.
func hookBlocksOf(code string, k fileKind) hookBlocks {
	var bl hookBlocks
	if k == kindPython {
		lines := strings.Split(code, "\n")
		offs := make([]int, len(lines)+1)
		for i, l := range lines {
			offs[i+1] = offs[i] + len(l) + 1
		}
		indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
		for i, l := range lines {
			t := strings.TrimSpace(l)
			if !strings.HasSuffix(t, ":") {
				continue
			}
			in, end := indent(l), len(code)
			for j := i + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) != "" && indent(lines[j]) <= in {
					end = offs[j]
					break
				}
			}
			bl = append(bl, hookBlock{t, offs[i+1], end})
		}
		return bl
	}
	var stack []int
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '"', '\'', '`':
			if j := strings.IndexByte(code[i+1:], c); j >= 0 && (c == '`' || !strings.Contains(code[i+1:i+1+j], "\n")) {
				i += j + 1
			}
		case '{':
			stack = append(stack, i)
		case '}':
			if n := len(stack); n > 0 {
				o := stack[n-1]
				stack = stack[:n-1]
				bl = append(bl, hookBlock{jsBlockHeader(code, o), o + 1, i})
			}
		}
	}
	return bl
}

// jsBlockHeader returns the header of the JavaScript block opened at o:
// the text of its line before the brace (a closing brace that starts
// the line, as in "} else {", left out), and the lines before it up to
// the one opening a signature that ends on this line ("function f(\n a,\n
// b\n) {"). Type annotations hold braces and semicolons of their own
// (Promise<{ a: T; b: U }>), so the line, not the last ; or }, bounds it.
func jsBlockHeader(code string, o int) string {
	ls := strings.LastIndexByte(code[:o], '\n') + 1
	h := strings.TrimSpace(code[ls:o])
	for n := 0; n < 8 && ls > 0 && strings.Count(h, ")") > strings.Count(h, "("); n++ {
		ls = strings.LastIndexByte(code[:ls-1], '\n') + 1
		h = strings.TrimSpace(code[ls:o])
	}
	return strings.TrimSpace(strings.TrimLeft(h, "} \t"))
}

// enclosing returns the blocks holding off, innermost first.
func (bl hookBlocks) enclosing(off int) []hookBlock {
	var in []hookBlock
	for _, b := range bl {
		if b.start <= off && off < b.end {
			in = append(in, b)
		}
	}
	// innermost first: the latest start
	for i := 1; i < len(in); i++ {
		for j := i; j > 0 && in[j].start > in[j-1].start; j-- {
			in[j], in[j-1] = in[j-1], in[j]
		}
	}
	return in
}

// isFunc reports whether a block's header opens a function, and its
// name ("" for an anonymous one).
func (b hookBlock) isFunc() (bool, string) {
	if m := hookFuncName.FindStringSubmatch(b.header); m != nil {
		return true, m[1]
	}
	m := hookFuncHeader.FindStringSubmatch(strings.TrimSuffix(b.header, ":"))
	if m == nil {
		return false, ""
	}
	for _, g := range m[1:] {
		if g != "" {
			return !hookCondHeader.MatchString(b.header) || strings.HasPrefix(b.header, "def ") || strings.Contains(b.header, "function"), g
		}
	}
	return true, ""
}

// unconditional reports whether the statement at off runs for every call
// that reaches the program's answer: no conditional block holds it up to
// its function, no return or exit comes before it in that function
// (outside a catch or except block, where the input did not parse), and
// the function, when named and called in code, is called the same way
// somewhere (depth bounds the chain of callers).
func (bl hookBlocks) unconditional(code string, off, depth int) bool {
	if depth > 3 {
		return false
	}
	var fn *hookBlock
	name := ""
	for _, b := range bl.enclosing(off) {
		if f, n := b.isFunc(); f {
			fn, name = &b, n
			break
		}
		if hookCondHeader.MatchString(b.header) && !hookMainGuard.MatchString(b.header) {
			return false
		}
	}
	from := 0
	if fn != nil {
		from = fn.start
	}
	for _, m := range hookExit.FindAllStringIndex(code[from:off], 32) {
		at := from + m[0]
		if inQuotedString(code, at) || bl.inCatchOrNested(at, fn) {
			continue
		}
		return false
	}
	if fn == nil || name == "" {
		return true
	}
	called := false
	for off := 0; off < len(code); {
		i := indexWord(code[off:], name, false)
		if i < 0 {
			break
		}
		at := off + i
		off = at + len(name)
		rest := strings.TrimLeft(code[off:], " \t")
		if !strings.HasPrefix(rest, "(") || strings.HasPrefix(strings.TrimSpace(code[max(0, at-10):at]), "def") || strings.HasSuffix(strings.TrimSpace(code[max(0, at-10):at]), "function") {
			continue
		}
		if fn.start <= at && at < fn.end {
			continue
		}
		called = true
		if bl.unconditional(code, at, depth+1) {
			return true
		}
	}
	return !called
}

// inCatchOrNested reports whether off lies in a catch or except block,
// or in a function nested in fn (its returns are its own).
func (bl hookBlocks) inCatchOrNested(off int, fn *hookBlock) bool {
	for _, b := range bl.enclosing(off) {
		if fn != nil && b.start == fn.start {
			return false
		}
		if f, _ := b.isFunc(); f {
			return true
		}
		if strings.Contains(b.header, "catch") || strings.HasPrefix(b.header, "except") {
			return true
		}
	}
	return false
}
