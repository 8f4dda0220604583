package audit

import (
	"context"
	"go/ast"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// A Go program's text may come from files the skill ships rather than
// from its literals: a template parsed from a file (template.ParseFiles,
// ParseGlob, ParseFS over a //go:embed FS or os.DirFS), a //go:embed
// string or []byte var, a file read with os.ReadFile or an embed FS's
// ReadFile. Those files are linked to the Go file (goEmbedLinkedOf) as
// its modules are, so the program's reading (goprogram.go) follows what
// they hold as it follows a const: the note a template writes into the
// agent's instructions is judged the same whether it is a literal or a
// file beside the code. A path is resolved against the folder of the Go
// file that names it (an embed pattern, an embed FS's patterns) or, for
// the working folder a program opens a relative path in, against that
// folder and each folder above it inside the skill; a path that is
// absolute, in the home folder or climbs out of the skill names nothing,
// and nothing outside the skill's files is read.

const (
	// maxGoEmbedLinked bounds the files linked to one Go file as files
	// its program reads.
	maxGoEmbedLinked = 16
	// maxGoEmbedBytes bounds one such file: a longer one is not linked.
	maxGoEmbedBytes = 64 << 10
)

// goEmbedDirective is a //go:embed line: group 1 its patterns.
var goEmbedDirective = lazyRE(`(?m)^[ \t]*//go:embed[ \t]+(.+)$`)

// goEmbedPatterns returns the patterns of a //go:embed directive's
// arguments (space-separated, each possibly quoted, "all:" dropped).
func goEmbedPatterns(args string) []string {
	var out []string
	for args = strings.TrimSpace(args); args != "" && len(out) < 32; args = strings.TrimSpace(args) {
		var p string
		if args[0] == '"' || args[0] == '`' {
			end := strings.IndexByte(args[1:], args[0])
			if end < 0 {
				break
			}
			q := args[:end+2]
			args = args[end+2:]
			u, err := strconv.Unquote(q)
			if err != nil {
				continue
			}
			p = u
		} else {
			p, args, _ = strings.Cut(args, " ")
			p = strings.TrimSpace(strings.Split(p, "\t")[0])
		}
		p = strings.TrimPrefix(p, "all:")
		if p != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "..") {
			out = append(out, p)
		}
	}
	return out
}

// goEmbedMatch reports whether the skill file f is embedded by pattern
// pat of a //go:embed directive in folder dir: the file itself, a file
// matching the glob, or a file under a folder it names.
func goEmbedMatch(dir, pat, f string) bool {
	full := path.Join(dir, pat)
	if f == full || strings.HasPrefix(f, full+"/") {
		return true
	}
	if ok, _ := path.Match(full, f); ok {
		return true
	}
	// a glob naming folders: their files are embedded
	for d := path.Dir(f); d != "." && d != "/" && len(d) >= len(dir); d = path.Dir(d) {
		if ok, _ := path.Match(full, d); ok {
			return true
		}
	}
	return false
}

// goLitNames reports whether the string literal lit of a Go file may
// name the skill file f wherever the program runs: lit (a path or a
// glob, with a dot or a wildcard in its last part) matches f's last
// parts, so "templates/note.tmpl", "*.tmpl" and "section.md.tmpl" (a
// part joined with filepath.Join) name templates/section.md.tmpl.
func goLitNames(lit, f string) bool {
	lit = strings.TrimPrefix(path.Clean(lit), "./")
	if lit == "." || lit == "" || strings.HasPrefix(lit, "/") || strings.HasPrefix(lit, "..") || len(lit) > 256 {
		return false
	}
	base := path.Base(lit)
	if !strings.ContainsAny(base, ".*?[") || base == "." || base == "*" {
		return false
	}
	parts := strings.Count(lit, "/") + 1
	fp := strings.Split(f, "/")
	if len(fp) < parts {
		return false
	}
	ok, _ := path.Match(lit, strings.Join(fp[len(fp)-parts:], "/"))
	return ok
}

// goEmbedLinkedOf returns the files of the skill that the Go program of
// rel (content, with its Go files in have) may read as text (see above):
// the files its //go:embed directives embed, then those its string
// literals name (goLitNames), when the program parses templates, embeds
// files or reads them; no Go file, go.mod or go.sum, at most
// maxGoEmbedLinked, each of at most maxGoEmbedBytes.
func goEmbedLinkedOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string, have []linkedFile) []linkedFile {
	if !isGoSource(rel) {
		return nil
	}
	type goText struct{ rel, text string }
	texts := []goText{{rel, content}}
	for _, l := range have {
		if l.goPkg != "" {
			texts = append(texts, goText{l.rel, l.text})
		}
	}
	hinted := false
	for _, t := range texts {
		hinted = hinted || strings.Contains(t.text, "go:embed") || strings.Contains(t.text, "template") || strings.Contains(t.text, "ReadFile")
	}
	if !hinted {
		return nil
	}
	linked := map[string]bool{rel: true}
	for _, l := range have {
		linked[l.rel] = true
	}
	var cands []string
	byBase := map[string][]string{}
	for _, f := range files {
		b := path.Base(f)
		if !linked[f] && !strings.HasSuffix(f, ".go") && b != "go.mod" && b != "go.sum" {
			cands = append(cands, f)
			byBase[b] = append(byBase[b], f)
		}
	}
	var out []linkedFile
	tries := 0 // files read, text or not (an embedded folder of images)
	add := func(f string) {
		if linked[f] || len(out) >= maxGoEmbedLinked || tries >= 4*maxGoEmbedLinked || ctx.Err() != nil {
			return
		}
		linked[f] = true
		tries++
		if text, err := readForAudit(ctx, src, s, f); err == nil && len(text) <= maxGoEmbedBytes {
			out = append(out, linkedFile{rel: f, text: text, goEmbed: true})
		}
	}
	for _, t := range texts {
		for _, m := range goEmbedDirective.FindAllStringSubmatch(t.text, 32) {
			for _, pat := range goEmbedPatterns(m[1]) {
				for _, f := range cands {
					if goEmbedMatch(path.Dir(t.rel), pat, f) {
						add(f)
					}
				}
			}
		}
	}
	globs := 0
	for _, t := range texts {
		_, lits := goTokens(t.text)
		for _, l := range lits {
			if !strings.ContainsAny(l.body, ".*?[") || strings.ContainsAny(l.body, "\n\x00 ") || len(out) >= maxGoEmbedLinked {
				continue
			}
			named := byBase[path.Base(l.body)] // a name: the files of that name
			if strings.ContainsAny(path.Base(l.body), "*?[") {
				// a glob: every file, for a few globs
				if globs++; globs > 16 {
					continue
				}
				named = cands
			}
			for _, f := range named {
				if goLitNames(l.body, f) {
					add(f)
				}
			}
		}
	}
	return out
}

// goFileText is a file of the skill a Go program may read (linked by
// goEmbedLinkedOf, or a data file the Go file names), and its bit in the
// goVal files mask.
type goFileText struct {
	rel, text string
	bit       uint64
}

// goEmbedVar is a package var a //go:embed directive fills: the folder
// of its file, the directive's patterns, and whether it is an embed.FS
// (else a string or []byte holding the one file embedded).
type goEmbedVar struct {
	dir  string
	pats []string
	fs   bool
}

// embedVarOf returns the embed var a var spec of file s declares with
// a //go:embed directive in the comment lines just above it (above its
// declaration when it is the only spec: at), or nil. The program's files
// are parsed without comments, so the directive is read from the text.
func embedVarOf(vs *ast.ValueSpec, at token.Pos, s *goSrc) *goEmbedVar {
	if len(vs.Values) != 0 || len(vs.Names) != 1 {
		return nil
	}
	if !at.IsValid() {
		at = vs.Pos()
	}
	off := s.offset(at)
	if off < 0 {
		return nil
	}
	var pats []string
	// the comment lines right above the declaration, nearest first
	text := s.text[:strings.LastIndexByte(s.text[:off], '\n')+1]
	for n := 0; text != "" && n < 16; n++ {
		i := strings.LastIndexByte(text[:len(text)-1], '\n') + 1
		line := strings.TrimSpace(text[i:])
		text = text[:i]
		if !strings.HasPrefix(line, "//") {
			break
		}
		if args, ok := strings.CutPrefix(line, "//go:embed"); ok && (args == "" || args[0] == ' ' || args[0] == '\t') {
			pats = append(pats, goEmbedPatterns(args)...)
		}
	}
	if len(pats) == 0 {
		return nil
	}
	v := &goEmbedVar{dir: path.Dir(s.rel), pats: pats}
	if sel, ok := vs.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "FS" {
		v.fs = true
	}
	return v
}

// embedded returns the files an embed var holds.
func (p *goProg) embedded(ev *goEmbedVar) []*goFileText {
	var out []*goFileText
	for _, f := range p.files {
		for _, pat := range ev.pats {
			if goEmbedMatch(ev.dir, pat, f.rel) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// embedVar returns the embed var expression e names (a package var of
// src's package or of a package it imports), or nil.
func (p *goProg) embedVar(e ast.Expr, src *goSrc, fr *goFrame) *goEmbedVar {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return p.embedVar(e.X, src, fr)
	case *ast.UnaryExpr:
		return p.embedVar(e.X, src, fr)
	case *ast.Ident:
		if fr != nil {
			if _, ok := fr.params[e.Name]; ok {
				return nil
			}
			if len(fr.fn.localBinds()[e.Name]) > 0 {
				return nil
			}
		}
		return src.pkg.embeds[e.Name]
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok && src.imps[x.Name] != nil {
			return src.imps[x.Name].embeds[e.Sel.Name]
		}
	}
	return nil
}

// filesVal is the value of files read whole: one text each.
func filesVal(fs []*goFileText) goVal {
	if len(fs) == 0 {
		return unknownVal()
	}
	var v goVal
	for _, f := range fs {
		if len(v.strs) >= maxGoAlts {
			break
		}
		v.strs = append(v.strs, f.text)
		v.files |= f.bit
	}
	return v
}

// goFSRoot is the folder an fs.FS a program reads from stands for, with
// the embed var it is (nil for os.DirFS), whose patterns limit it.
type goFSRoot struct {
	dir   string
	embed *goEmbedVar
}

// fsRoots returns the folders of the skill the fs.FS expression e reads
// from: an embed.FS var (its file's folder), fs.Sub of one (a folder
// below it), os.DirFS of a relative path (the working folder's candidates,
// workDirs); nil when unknown.
func (p *goProg) fsRoots(e ast.Expr, src *goSrc, fr *goFrame, depth int) []goFSRoot {
	if depth > maxGoEvalDepth || !p.step() {
		return nil
	}
	if ev := p.embedVar(e, src, fr); ev != nil && ev.fs {
		return []goFSRoot{{dir: ev.dir, embed: ev}}
	}
	switch e := e.(type) {
	case *ast.Ident:
		if fr != nil {
			var out []goFSRoot
			for _, b := range fr.fn.localBinds()[e.Name] {
				if b.idx <= 0 {
					out = append(out, p.fsRoots(b.e, b.src, fr, depth+1)...)
				}
			}
			return out
		}
		if b, ok := src.pkg.vals[e.Name]; ok && b.idx <= 0 {
			return p.fsRoots(b.e, b.src, nil, depth+1)
		}
	case *ast.CallExpr:
		x, name := callName(e)
		switch {
		case x == "fs" && name == "Sub" && len(e.Args) == 2:
			var out []goFSRoot
			sub := p.eval(e.Args[1], src, fr, -1, depth+1)
			for _, r := range p.fsRoots(e.Args[0], src, fr, depth+1) {
				for _, s := range sub.strs {
					if d, ok := goSkillRel(r.dir, s); ok {
						out = append(out, goFSRoot{dir: d, embed: r.embed})
					}
				}
			}
			return out
		case x == "os" && name == "DirFS" && len(e.Args) == 1:
			var out []goFSRoot
			for _, s := range p.eval(e.Args[0], src, fr, -1, depth+1).strs {
				for _, w := range workDirs(src) {
					if d, ok := goSkillRel(w, s); ok {
						out = append(out, goFSRoot{dir: d})
					}
				}
			}
			return out
		}
	}
	return nil
}

// workDirs returns the folders a relative path of the Go file src may be
// opened in: the program runs from the file's folder or one above it in
// the skill (go run ./cmd/notes from the skill's folder).
func workDirs(src *goSrc) []string {
	var out []string
	for d := path.Dir(src.rel); ; d = path.Dir(d) {
		out = append(out, d)
		if d == "." || d == "/" || len(out) > 16 {
			return out
		}
	}
}

// goSkillRel joins the relative path s (a goVal text) to folder dir of
// the skill; false when s is not known, absolute, in the home folder or
// climbs out of the skill.
func goSkillRel(dir, s string) (string, bool) {
	if s == "" || strings.ContainsAny(s, goUnknown+goEntry) || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") || strings.Contains(s, `\`) {
		return "", false
	}
	j := path.Join(dir, s)
	if j == ".." || strings.HasPrefix(j, "../") || strings.HasPrefix(j, "/") {
		return "", false
	}
	return j, true
}

// skillFiles returns the files of the skill the path or glob v (in src,
// a goVal's texts) names: relative to each of roots (an fs.FS's folders,
// limited to what an embed var embeds) or, with no roots, to the working
// folders (workDirs); a path whose known part is only its end (an
// unknown folder joined to "templates/note.tmpl") names the files ending
// with it.
func (p *goProg) skillFiles(v goVal, src *goSrc, roots []goFSRoot) []*goFileText {
	if len(roots) == 0 {
		for _, w := range workDirs(src) {
			roots = append(roots, goFSRoot{dir: w})
		}
	}
	seen := map[*goFileText]bool{}
	var out []*goFileText
	for _, s := range v.strs {
		var match func(string) bool
		if tail, ok := strings.CutPrefix(s, goUnknown); ok && strings.HasPrefix(tail, "/") && !strings.ContainsAny(tail, goUnknown+goEntry) && len(tail) > 1 {
			match = func(f string) bool { return goLitNames(tail[1:], f) }
		} else {
			var full []goFSRoot
			for _, r := range roots {
				if j, ok := goSkillRel(r.dir, s); ok {
					full = append(full, goFSRoot{dir: j, embed: r.embed})
				}
			}
			match = func(f string) bool {
				for _, r := range full {
					if ok, _ := path.Match(r.dir, f); !ok {
						continue
					}
					if r.embed == nil {
						return true
					}
					for _, pat := range r.embed.pats {
						if goEmbedMatch(r.embed.dir, pat, f) {
							return true
						}
					}
				}
				return false
			}
		}
		for _, f := range p.files {
			if !seen[f] && match(f.rel) {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// goTmplRef is a template another names ({{template "x"}}, {{block
// "x"}}) or defines ({{define "x"}}): group 1 the keyword, 2 the name.
var goTmplRef = lazyRE(`\{\{-?\s*(template|block|define)\s+"([^"]+)"`)

// pickTmpl returns, of the template files fs, the one ExecuteTemplate
// runs by name (its base name, or a {{define}} of it) and those it calls
// ({{template}}, {{block}}), transitively; all of fs when name is ""
// or none is named so.
func pickTmpl(fs []*goFileText, name string) []*goFileText {
	if name == "" {
		return fs
	}
	defines := func(f *goFileText, n string) bool {
		if path.Base(f.rel) == n {
			return true
		}
		for _, m := range goTmplRef.FindAllStringSubmatch(f.text, 64) {
			if m[1] == "define" && m[2] == n {
				return true
			}
		}
		return false
	}
	picked := map[*goFileText]bool{}
	queue := []string{name}
	seen := map[string]bool{}
	for len(queue) > 0 && len(seen) < 64 {
		n := queue[0]
		queue = queue[1:]
		if seen[n] {
			continue
		}
		seen[n] = true
		for _, f := range fs {
			if picked[f] || !defines(f, n) {
				continue
			}
			picked[f] = true
			for _, m := range goTmplRef.FindAllStringSubmatch(f.text, 64) {
				if m[1] != "define" {
					queue = append(queue, m[2])
				}
			}
		}
	}
	if len(picked) == 0 {
		return fs
	}
	var out []*goFileText
	for _, f := range fs {
		if picked[f] {
			out = append(out, f)
		}
	}
	return out
}

// tmplFiles returns the text of the templates ParseFiles, ParseGlob or
// ParseFS (with roots, its fs.FS's folders) parses from the paths or
// globs args: each file one text, narrowed to the template
// ExecuteTemplate names (p.tmplName) when one is.
func (p *goProg) tmplFiles(args []ast.Expr, roots []goFSRoot, src *goSrc, fr *goFrame, depth int) goVal {
	var fs []*goFileText
	seen := map[*goFileText]bool{}
	for _, a := range args {
		for _, f := range p.skillFiles(p.eval(a, src, fr, -1, depth+1), src, roots) {
			if !seen[f] {
				seen[f] = true
				fs = append(fs, f)
			}
		}
	}
	return filesVal(pickTmpl(fs, p.tmplName))
}

// readFileVal returns what a call reading a file of the skill returns
// (os.ReadFile, ioutil.ReadFile, fs.ReadFile of an embed FS or
// os.DirFS, an embed FS's ReadFile method), and whether c is such a call.
func (p *goProg) readFileVal(c *ast.CallExpr, src *goSrc, fr *goFrame, depth int) (goVal, bool) {
	x, name := callName(c)
	if name != "ReadFile" {
		return goVal{}, false
	}
	switch {
	case (x == "os" || x == "ioutil") && len(c.Args) == 1:
		return filesVal(p.skillFiles(p.eval(c.Args[0], src, fr, -1, depth+1), src, nil)), true
	case x == "fs" && len(c.Args) == 2:
		roots := p.fsRoots(c.Args[0], src, fr, depth+1)
		if len(roots) == 0 {
			return unknownVal(), true
		}
		return filesVal(p.skillFiles(p.eval(c.Args[1], src, fr, -1, depth+1), src, roots)), true
	case len(c.Args) == 1:
		sel, _ := c.Fun.(*ast.SelectorExpr)
		if sel == nil {
			return goVal{}, false
		}
		roots := p.fsRoots(sel.X, src, fr, depth+1)
		if len(roots) == 0 {
			return goVal{}, false
		}
		return filesVal(p.skillFiles(p.eval(c.Args[0], src, fr, -1, depth+1), src, roots)), true
	}
	return goVal{}, false
}
