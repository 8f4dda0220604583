package audit

import (
	"fmt"
	"strings"
)

// A URL the model is told to build: instructions that show a link or
// image whose URL holds a placeholder (![badge](https://host/x.svg?ctx=<ENCODED>),
// often in a code span as a template to emit) and, in the steps around
// it, name a secret to read (.env, env | grep token, secret environment
// variables, a key file) and an encoding or filling step. The
// placeholder's own name says nothing (ENCODED, ctx, data), so scanURL
// cannot rank it; what fills it is in the neighbouring steps. Rule
// exfil-url: critical for an image (fetched as soon as it renders),
// high for a link.

var (
	// urlTemplate matches a URL written with a placeholder in it: <X>,
	// {X}, {{X}}, $X, ${X}, %X%, [X].
	urlTemplate = lazyRE(`https?://[^\s"'\x60)\]]*(?:<[A-Za-z_][\w \-]*>|\{\{?[^}\s]+\}\}?|\$\{?[A-Za-z_]\w*\}?|%[A-Za-z_]+%|\[[A-Z_]{3,}\])[^\s"'\x60)\]]*`)
	// secretSource matches naming a secret to read: an env file, a dump
	// of the environment, secret environment variables, a key or
	// credential file.
	secretSource = lazyRE(`(?i)(?:^|[\s\x60'"(/])\.env(?:\.[a-z]+)?\b|\b(?:env|printenv|set)\s*\|\s*(?:grep|sed|awk|base64)|\bprintenv\b|\bGet-ChildItem\s+env:|\bos\.environ\b|\bprocess\.env\b|\b(?:secret|token|key|credential|password|sensitive)s?\b[\w\s,/-]{0,30}\benv(?:ironment)?[ _-]?var(?:iable)?s?\b|\benv(?:ironment)?[ _-]?var(?:iable)?s?\b[\w\s,/-]{0,30}\b(?:secret|token|key|credential|password)s?\b|~/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws/credentials|~/\.aws\b|\.netrc\b|\.git-credentials\b|\.npmrc\b|\.pypirc\b|\.kube/config\b|\bkeychain\b|\bgh/hosts\.yml\b|\.docker/config\.json|\bgcloud\b[^\n]{0,40}\bcredentials\b|\bgh\s+auth\s+token\b|\bcredentials\.json\b|\bid_\w+\.pem\b`)
	// fillStep matches a step that turns data into the placeholder's
	// value.
	fillStep = lazyRE(`(?i)\bbase-?64|\b(?:url|hex|b64)?-?encod\w*|\bhex\b|\bserializ\w*|\bcompress\w*|\bgzip\w*|\bfill\w*|\bsubstitut\w*|\breplac\w*|\binsert\w*|\bembed\w*|\bappend\w*`)
	// linkBefore matches what comes just before the URL of a link or
	// image (markdown or HTML); imageBefore an image's; imagePath an
	// image file or badge in the URL.
	imageBefore = lazyRE(`(?i)!\[[^\]\n]*\]\(\s*$|<img\b[^>\n]*\bsrc\s*=\s*["']?$`)
	linkBefore  = lazyRE(`\]\(\s*$|\b(?:src|href)\s*=\s*["']?$`)
	imagePath   = lazyRE(`(?i)^https?://[^?#\s]*\.(?:svg|png|gif|jpe?g|webp|ico)(?:[?#]|$)|\b(?:badge|pixel|shield)s?\b`)
)

// maxURLTemplates bounds the URL templates read in one file.
const maxURLTemplates = 256

// urlWindow is how many lines around a URL template its filling steps
// are looked for (within the URL's section).
const urlWindow = 12

// scanURLTemplates reports URL templates in a markdown file's body
// (src[fm:]) filled from a secret named in the steps around them.
// spans and fences are the file's code spans and blocks (file offsets):
// a template shown in one, in a skill that teaches defence, is an
// example of the attack and ranks two levels lower.
func scanURLTemplates(sc *skillCtx, rel, src string, fm int, li lineIndex, spans, fences [][2]int) {
	body := src[fm:]
	if !strings.Contains(body, "://") {
		return
	}
	for _, m := range linkURLTemplates(body) {
		at := fm + m[0]
		ln := li.line(at)
		before := src[li[ln-1]:at]
		if !linkBefore.MatchString(before) {
			continue // a URL in a command, not a link or image the model writes
		}
		lo, hi := sectionAround(src, li, ln)
		lo, hi = max(lo, ln-urlWindow), min(hi, ln+urlWindow)
		win := linesText(src, li, lo, hi)
		s := secretSource.FindStringIndex(win)
		for s != nil && negated(win[:s[0]]) {
			next := secretSource.FindStringIndex(win[s[1]:])
			if next == nil {
				s = nil
				break
			}
			s = []int{s[1] + next[0], s[1] + next[1]}
		}
		if s == nil || !fillStep.MatchString(win) {
			continue
		}
		u := src[at : fm+m[1]]
		what := strings.Trim(win[s[0]:s[1]], " \t\n`'\"(")
		image := imageBefore.MatchString(before) || imagePath.MatchString(u)
		base, kind := High, "a link URL"
		if image {
			base, kind = Critical, "an image URL"
		}
		reason := fmt.Sprintf("%s the model is told to build is filled from %s, named in the steps around it: ", kind, what)
		if image {
			reason += "rendering it sends that secret to the image's host"
		} else {
			reason += "opening it sends that secret to the link's host"
		}
		w := inProse
		if inSpans(spans, at) || inSpans(fences, at) || strings.HasPrefix(strings.TrimSpace(before), ">") {
			w = inCode // shown as a template; ranks as instructions unless the skill teaches defence
		}
		sev := sc.rank(base, w, false)
		if silenceRe.MatchString(win) && !sc.defence {
			sev, reason = Critical, reason+", and the text tells the agent not to ask or tell the user"
		}
		sc.add(rel, ln, "exfil-url", sev, reason, u)
	}
}

// anchoredURLTemplate is urlTemplate anchored at the start of its text.
var anchoredURLTemplate = lazyRE(`^(?:` + urlTemplate.String() + `)`)

// linkURLTemplates returns the offsets of the URL templates in body that
// start a link's or image's destination ("](", src=, href=), at most
// maxURLTemplates: only there is a URL one the model writes, and looking
// only there keeps the pattern off the rest of the text.
func linkURLTemplates(body string) [][2]int {
	var out [][2]int
	for i := 0; i < len(body) && len(out) < maxURLTemplates; {
		j := strings.Index(body[i:], "http")
		if j < 0 {
			break
		}
		at := i + j
		i = at + 4
		k := at
		for k > 0 && (body[k-1] == ' ' || body[k-1] == '"' || body[k-1] == '\'') {
			k--
		}
		if k == 0 || !(body[k-1] == '(' && k >= 2 && body[k-2] == ']' || body[k-1] == '=') {
			continue
		}
		end := at + strings.IndexFunc(body[at:], func(r rune) bool { return strings.ContainsRune(" \t\n\"'`)]", r) })
		if end < at {
			end = len(body)
		}
		if !strings.ContainsAny(body[at:end], "<{$%[") {
			continue // no placeholder: the common link
		}
		if m := anchoredURLTemplate.FindStringIndex(body[at:]); m != nil {
			out = append(out, [2]int{at, at + m[1]})
			i = at + m[1]
		}
	}
	return out
}

// sectionAround returns the first and last line of the markdown section
// holding line n: from the heading above it to the line before the
// next heading.
func sectionAround(src string, li lineIndex, n int) (int, int) {
	lo, hi := 1, len(li)
	for i := n; i >= 1; i-- {
		if isHeading(lineText(src, li, i)) {
			lo = i
			break
		}
	}
	for i := n + 1; i <= len(li); i++ {
		if isHeading(lineText(src, li, i)) {
			hi = i - 1
			break
		}
	}
	return lo, hi
}

// isHeading reports whether line l is a markdown ATX heading: one to six
// # at the start of the line, then a space, a tab or the line's end
// (CommonMark 4.2). A #word or a shell comment indented is not one.
func isHeading(l string) bool {
	h := strings.TrimLeft(l, "#")
	return len(h) < len(l) && len(l)-len(h) <= 6 && (h == "" || h[0] == ' ' || h[0] == '\t')
}

// linesText returns lines lo to hi (1-based, inclusive) of src.
func linesText(src string, li lineIndex, lo, hi int) string {
	lo = max(lo, 1)
	hi = min(hi, len(li))
	if lo > hi {
		return ""
	}
	end := len(src)
	if hi < len(li) {
		end = li[hi] - 1
	}
	return src[li[lo-1]:end]
}
