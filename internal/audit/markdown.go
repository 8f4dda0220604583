package audit

import (
	"strings"
	"sync"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// md is the markdown parser: CommonMark, as agents' renderers read it.
var md = sync.OnceValue(func() parser.Parser { return goldmark.New().Parser() })

// frontmatterEnd returns the offset just past a leading YAML frontmatter
// block ("---" ... "---"), or 0 when there is none.
func frontmatterEnd(s string) int {
	s2 := strings.TrimPrefix(s, "\uFEFF")
	skip := len(s) - len(s2)
	if !strings.HasPrefix(s2, "---") {
		return 0
	}
	nl := strings.IndexByte(s2, '\n')
	if nl < 0 || strings.TrimSpace(s2[:nl]) != "---" {
		return 0
	}
	off := nl + 1
	for off < len(s2) {
		e := strings.IndexByte(s2[off:], '\n')
		line := s2[off:]
		if e >= 0 {
			line = s2[off : off+e]
		}
		if t := strings.TrimSpace(line); t == "---" || t == "..." {
			if e < 0 {
				return len(s)
			}
			return skip + off + e + 1
		}
		if e < 0 {
			break
		}
		off += e + 1
	}
	return 0
}

// scanMarkdown runs the rules over a markdown (or plain text) file: the
// frontmatter and prose for language, HTML comments and hidden elements,
// link and image URLs, and every fenced code block by its language.
func scanMarkdown(sc *skillCtx, rel, src string, li lineIndex) {
	fm := frontmatterEnd(src)
	if fm > 0 {
		scanLanguage(sc, rel, src, 0, fm, li, inProse, nil)
		sc.frontmatter = true
		scanBypass(sc, rel, src[:fm], 1, inProse)
		sc.frontmatter = false
	}
	body := src[fm:]
	if why := skillmd.MarkdownBudget([]byte(body)); why != "" {
		// goldmark's time grows with the square of some shapes (nested
		// quotes, unclosed link openers): the text is read as prose
		scanLanguage(sc, rel, src, fm, len(src), li, inProse, nil)
		sc.notAudited(rel, 0, "the markdown is over its parsing budget ("+why+"); it was read as plain text, without its code blocks, links or HTML")
		return
	}
	raw := []byte(body)
	root := md().Parse(text.NewReader(raw), parser.WithContext(parser.NewContext()))
	var spans, fences [][2]int
	var prose []proseBlock
	var spanFinds []spanFindings
	hiddenSeen := map[int]bool{}
	var quoted []quotedHidden
	var shellFences []shellFence
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan:
			if s, e, ok := inlineRange(n); ok {
				spans = append(spans, [2]int{fm + s, fm + e})
				sc.warnedFn = func() bool { return inlineWarned(src, fm+s, fm+e) }
				from := len(sc.findings)
				scanInlineCommand(sc, rel, src[fm+s:fm+e], li.line(fm+s))
				lowerNegatedSpan(sc, src, fm+s, fm+e, from)
				spanFinds = append(spanFinds, spanFindings{fm + s, from, len(sc.findings)})
				sc.warnedFn = nil
			}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			if lines.Len() == 0 {
				return ast.WalkSkipChildren, nil
			}
			s, e := lines.At(0).Start, lines.At(lines.Len()-1).Stop
			fences = append(fences, [2]int{fm + s, fm + e})
			code := blockText(raw, lines)
			info := ""
			if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info != nil {
				info = string(f.Info.Segment.Value(raw))
			}
			scanLanguage(sc, rel, src, fm+s, fm+e, li, inCode, nil)
			sc.warnedFn = func() bool { return warnedAbove(src, li, li.line(fm+s)) }
			sc.consentFn = func() bool { return consentAbove(src[:fm+s]) }
			sc.inFence = true
			sc.runStep = sc.defence && runStepAbove(src, fm+s)
			scanFence(sc, rel, code, li.line(fm+s), info)
			sc.runStep = false
			if k, ok := langKind(info); ok && k == kindShell {
				shellFences = append(shellFences, shellFence{li.line(fm + s), fm + s, stripPrompts(code)})
			}
			scanFenceBypass(sc, rel, code, li.line(fm+s), info)
			sc.warnedFn, sc.consentFn, sc.inFence = nil, nil, false
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			lines := n.Lines()
			if lines.Len() > 0 {
				s, e := lines.At(0).Start, lines.At(lines.Len()-1).Stop
				before := len(sc.findings)
				scanHTML(sc, rel, src, fm+s, li, hiddenSeen)
				if inBlockquote(n) {
					quoted = append(quoted, quotedHidden{fm + s, before, len(sc.findings)})
				}
				if len(sc.findings) == before {
					// the text of an HTML block (<system>…</system>, any
					// made-up tag) renders and reaches the model like prose
					scanLanguage(sc, rel, src, fm+s, fm+e, li, inProse, nil)
					scanBypass(sc, rel, src[fm+s:fm+e], li.line(fm+s), inProse)
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			if n.Segments.Len() > 0 {
				before := len(sc.findings)
				scanHTML(sc, rel, src, fm+n.Segments.At(0).Start, li, hiddenSeen)
				if inBlockquote(n) {
					quoted = append(quoted, quotedHidden{fm + n.Segments.At(0).Start, before, len(sc.findings)})
				}
			}
		case *ast.Link:
			scanURL(sc, rel, src, string(n.Destination), false, li, fm+nodeStart(n))
		case *ast.Image:
			scanURL(sc, rel, src, string(n.Destination), true, li, fm+nodeStart(n))
		case *ast.AutoLink:
			scanURL(sc, rel, src, string(n.URL(raw)), false, li, fm+nodeStart(n))
		case *ast.Paragraph, *ast.Heading, *ast.TextBlock:
			lines := n.Lines()
			if lines.Len() > 0 {
				prose = append(prose, newProseBlock(n, src, fm+lines.At(0).Start, fm+lines.At(lines.Len()-1).Stop))
			}
		}
		return ast.WalkContinue, nil
	})
	scanJoinedFences(sc, rel, shellFences,
		func(off int) bool { return consentAbove(src[:off]) },
		func(off int) bool { return warnedAbove(src, li, li.line(off)) })
	frameExamples(src, prose)
	capQuotedHidden(sc, src, prose, quoted)
	lowerFramedSpans(sc, prose, spanFinds)
	for _, b := range prose {
		sc.frame = b.frame
		scanLanguage(sc, rel, src, b.start, b.end, li, b.w, spans)
		sc.listed = b.listed
		scanBypass(sc, rel, src[b.start:b.end], li.line(b.start), b.w)
		sc.frame, sc.listed = notFramed, false
		scanMinerText(sc, rel, src[b.start:b.end], li.line(b.start), b.w)
		scanSystemProse(sc, rel, src[b.start:b.end], li.line(b.start), b.w, b.start, spans)
		scanRegistryProse(sc, rel, src[b.start:b.end], li.line(b.start), b.w)
	}
	scanMarkdownComments(sc, rel, src, fm, li, hiddenSeen, fences)
	scanCredCollectDoc(sc, rel, src)
	scanURLTemplates(sc, rel, src, fm, li, spans, fences)
}

// blockText joins a block's lines as they are in the source.
func blockText(raw []byte, lines *text.Segments) string {
	var b strings.Builder
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(raw))
	}
	return b.String()
}

// inlineRange returns the source range of an inline node's text children.
func inlineRange(n ast.Node) (int, int, bool) {
	s, e, ok := -1, -1, false
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, isText := c.(*ast.Text); isText {
			if !ok || t.Segment.Start < s {
				s = t.Segment.Start
			}
			if t.Segment.Stop > e {
				e = t.Segment.Stop
			}
			ok = true
		}
	}
	return s, e, ok
}

// nodeStart returns a source offset at or near an inline node: its first
// text child, else its enclosing block's first line.
func nodeStart(n ast.Node) int {
	if s, _, ok := inlineRange(n); ok {
		return s
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start
		}
	}
	return 0
}

// scanFence runs the script rules over a fenced or indented code block in
// markdown: commands the model may run, in context inCode.
// psish matches the PowerShell an inline command may be.
var psish = lazyRE(`(?i)\b(?:iex|invoke-expression|iwr|irm|invoke-webrequest|invoke-restmethod)\b`)

// scanInlineCommand checks inline code ("Run `curl … | bash` first"): an
// agent runs a command it is shown inline as readily as one in a block,
// so one that looks like a command gets the shell (or PowerShell) rules,
// in context inCode.
func scanInlineCommand(sc *skillCtx, rel, code string, line int) {
	if len(code) < 6 {
		return
	}
	if shellish.MatchString(code) || mayBeSystem(sc, code) && systemWords.MatchString(code) || mayRunPackage(sc, code) && runnerWords.MatchString(code) {
		scanShell(sc, rel, code, line, inCode)
	}
	if psish.MatchString(code) {
		scanPowerShell(sc, rel, code, line, inCode)
	}
}

func scanFence(sc *skillCtx, rel, code string, line int, info string) {
	k, ok := langKind(info)
	if !ok {
		return
	}
	switch k {
	case kindShell:
		scanShell(sc, rel, stripPrompts(code), line, inCode)
	case kindPython, kindJS:
		scanCode(sc, rel, code, line, k, inCode)
	case kindConfig:
		scanConfig(sc, rel, code, line, inCode)
	case kindPowerShell:
		scanPowerShell(sc, rel, code, line, inCode)
	case kindDocker:
		scanShell(sc, rel, dockerShell(code), line, inCode)
	}
}

var promptPrefix = lazyRE(`(?m)^(\s*)(?:\$|%|>|PS>|[\w.-]+@[\w.-]+:[^$#\n]*[$#])\s`)

// stripPrompts turns a console transcript into a script: "$ cmd" lines
// lose their prompt.
func stripPrompts(code string) string {
	if !mayHavePrompt(code) {
		return code
	}
	return promptPrefix.ReplaceAllString(code, "$1")
}

// mayHavePrompt reports whether promptPrefix can match code: some line,
// less its leading white space (RE2's \s), starts with $, %, > or PS>,
// or holds a user@host. Most code blocks have no prompt and skip the
// pattern.
func mayHavePrompt(code string) bool {
	for len(code) > 0 {
		line, rest, _ := strings.Cut(code, "\n")
		t := strings.TrimLeft(line, " \t\r\f")
		if t != "" && (t[0] == '$' || t[0] == '%' || t[0] == '>' || strings.HasPrefix(t, "PS>")) || strings.IndexByte(line, '@') >= 0 {
			return true
		}
		code = rest
	}
	return false
}

// markdownComment matches the markdown "comment" idiom, a link reference
// definition nobody links to: [//]: # (text), [comment]: <> (text), under
// any label ([housekeeping]: # (text)): a definition whose destination is
// # or <> points nowhere, and its title is never rendered.
var markdownComment = lazyRE(`(?m)^ {0,3}\[[^\]\n]+\]:\s*(?:#|<>)\s*(?:\((.*)\)|"(.*)"|'(.*)')\s*$`)

// scanMarkdownComments reports link-reference "comments": goldmark keeps
// link reference definitions out of the tree, so they are found in the
// source outside code.
func scanMarkdownComments(sc *skillCtx, rel, src string, fm int, li lineIndex, seen map[int]bool, fences [][2]int) {
	if !sc.hints.mdComment {
		return
	}
	for _, m := range markdownComment.FindAllStringSubmatchIndex(src[fm:], -1) {
		s, e := -1, -1
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				s, e = fm+m[2*g], fm+m[2*g+1]
			}
		}
		if s < 0 || seen[s] || inSpans(fences, fm+m[0]) {
			continue
		}
		seen[s] = true
		hidden(sc, rel, src, s, e, li, "a markdown comment (an unused link definition)")
	}
}
