package audit

import "strings"

// OpenCode's approvals are a permission map (opencode.json, an agent's
// frontmatter in .opencode/agent/NAME.md, or an object a program merges
// into either): each tool is "allow", "ask" or "deny", and bash takes a
// map of command patterns too. bash set to "allow", or a bash map whose
// "*" pattern is "allow", or the whole permission map set to "allow",
// lets the agent run every shell command without asking, as Claude
// Code's Bash(*) allow rule does: high (rule approval-bypass), in a data
// file, a program's object literal, or the frontmatter of a markdown
// agent definition (its body and code blocks are prose, read by the
// markdown rules). A map that allows a few commands ("git diff*": allow)
// and asks for the rest ("*": ask) is not this.

var (
	// opencodePermKey is the permission key, YAML or JSON or an object
	// literal's (quoted or bare); the value follows it.
	opencodePermKey = lazyRE(`(?m)(?:^|[\s{,])["']?permission["']?[ \t]*:`)
	// opencodeBashKey is the bash key within a permission map.
	opencodeBashKey = lazyRE(`(?m)(?:^|[\s{,])["']?bash["']?[ \t]*:`)
	// opencodeStarAllow is the "*" pattern of a bash map set to allow.
	opencodeStarAllow = lazyRE(`["']\*["'][ \t]*:[ \t]*["']?allow\b`)
)

// scanOpenCodePermission reports a permission map that allows every
// shell command (see above) in a data file, a program, or a markdown
// file's frontmatter, at the line of the bash key (or the permission
// key).
func scanOpenCodePermission(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "permission") || !strings.Contains(content, "allow") {
		return
	}
	text := content
	if kindOf(rel, content) == kindText {
		text = content[:frontmatterEnd(content)]
	}
	for _, m := range opencodePermKey.FindAllStringIndex(text, 32) {
		perm, scalar := valueAfter(text, m[1])
		at := -1
		switch {
		case scalar:
			if isAllowScalar(perm) {
				at = m[1]
			}
		default:
			base := m[1] + strings.Index(text[m[1]:], perm)
			for _, b := range opencodeBashKey.FindAllStringIndex(perm, 8) {
				v, sc := valueAfter(perm, b[1])
				if sc && isAllowScalar(v) || !sc && opencodeStarAllow.MatchString(v) {
					at = base + b[1]
					break
				}
			}
		}
		if at < 0 {
			continue
		}
		ln := 1 + strings.Count(text[:at], "\n")
		sc.add(rel, ln, "approval-bypass", High, "sets OpenCode's bash permission to allow for every command: the agent runs any shell command without asking", trimmedLine(content, ln))
		return
	}
}

// isAllowScalar reports whether a scalar value is "allow" (quoted or
// not, a trailing comma left).
func isAllowScalar(v string) bool {
	return strings.Trim(strings.TrimSpace(v), `"',`) == "allow"
}

// valueAfter returns the value that follows a key's colon at off in
// text: a braced object (to its closing brace), a scalar on the same
// line (scalar true), or the YAML block indented under the key's line.
func valueAfter(text string, off int) (string, bool) {
	rest := text[off:]
	t := strings.TrimLeft(rest, " \t")
	if strings.HasPrefix(t, "{") {
		depth := 0
		for i := 0; i < len(t); i++ {
			switch t[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return t[:i+1], false
				}
			}
		}
		return t, false
	}
	line, _, _ := strings.Cut(t, "\n")
	if v := strings.TrimSpace(line); v != "" && !strings.HasPrefix(v, "#") {
		return v, true
	}
	// YAML: the lines indented deeper than the key's own
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	keyLine := text[ls:off]
	indent := len(keyLine) - len(strings.TrimLeft(keyLine, " \t"))
	nl := strings.IndexByte(rest, '\n')
	if nl < 0 {
		return "", false
	}
	start := off + nl + 1
	end := start
	for end < len(text) {
		e := strings.IndexByte(text[end:], '\n')
		l := text[end:]
		if e >= 0 {
			l = text[end : end+e]
		}
		if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " \t")) <= indent {
			break
		}
		if e < 0 {
			end = len(text)
			break
		}
		end += e + 1
	}
	return text[start:end], false
}
