package audit

import (
	"fmt"
	"io"
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// The shell normaliser turns each word into the fields bash would run, so
// the rules see `curl ... | sh` however it is spelt: backslash-escaped
// words (c\url, \sh), $IFS for a space (curl${IFS}-s...), variables set
// earlier in the same text (c=curl; $c ...), a path split across
// variables, brace expansion ({curl,-s,URL}), ANSI-C quoting ($'\x63url')
// and command substitutions of echo or printf with hex or octal escapes
// ($(printf '\x63\x75\x72\x6c')). It uses mvdan.cc/sh's own expander
// (expand.Fields) over an environment of the text's assignments: names
// never assigned expand to their source form ($HOME stays "$HOME"), no
// command but echo and printf is run (others stay "$(…)"), no glob is
// matched against any folder.

// Bounds of the variables a scan remembers: an assignment doubling a
// value (a=$a$a) must not grow it without end.
const (
	maxVars     = 1024
	maxVarBytes = 4096
)

// shellEnv is the environment of one shell scan: the values of the
// variables assigned so far.
type shellEnv struct {
	vars map[string]string
	// lists holds the indexed arrays assigned so far (files=(a b),
	// files+=(c)): "${files[@]}" is their elements, each its own field,
	// as bash passes them to the command.
	lists map[string][]string
	// hideLists makes Get give an array its source form, as it did
	// before arrays were read (see loopVar).
	hideLists bool
}

// Get returns a variable assigned in the text, IFS as bash's default,
// and any other name as its own source form.
func (e *shellEnv) Get(name string) expand.Variable {
	if l, ok := e.lists[name]; ok && !e.hideLists {
		return expand.Variable{Set: true, Kind: expand.Indexed, List: l}
	}
	if v, ok := e.vars[name]; ok {
		return expand.Variable{Set: true, Kind: expand.String, Str: v}
	}
	if name == "IFS" {
		return expand.Variable{Set: true, Kind: expand.String, Str: " \t\n"}
	}
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		// ~user: its source form (and no lookup of the user)
		return expand.Variable{Set: true, Kind: expand.String, Str: "~" + user}
	}
	return expand.Variable{Set: true, Kind: expand.String, Str: "$" + name}
}

// Each lists the assigned variables.
func (e *shellEnv) Each(fn func(string, expand.Variable) bool) {
	for k, v := range e.vars {
		if !fn(k, expand.Variable{Set: true, Kind: expand.String, Str: v}) {
			return
		}
	}
	for k, l := range e.lists {
		if !fn(k, expand.Variable{Set: true, Kind: expand.Indexed, List: l}) {
			return
		}
	}
}

// expandConfig returns the expander's configuration for this scan (made
// on first use).
func (s *shScan) expandConfig() *expand.Config {
	if s.cfg == nil {
		s.cfg = s.newConfig()
	}
	return s.cfg
}

// newConfig returns an expander configuration over the scan's
// variables. A configuration keeps buffers while it expands, so a
// substitution met during an expansion is expanded with a new one.
func (s *shScan) newConfig() *expand.Config {
	if s.env == nil {
		s.env = &shellEnv{vars: map[string]string{}, lists: map[string][]string{}}
	}
	return &expand.Config{Env: s.env, CmdSubst: s.cmdSubst,
		ProcSubst: func(*syntax.ProcSubst) (string, error) { return "<(…)", nil }}
}

// cmdSubst writes what a command substitution prints when it is echo or
// printf of words the normaliser can expand (the way payloads spell a
// command in escapes), or such a value decoded (stmtOutput); any other
// command is written as "$(…)".
func (s *shScan) cmdSubst(w io.Writer, cs *syntax.CmdSubst) error {
	if len(cs.Stmts) == 1 && s.substDepth < maxSubstDepth {
		s.substDepth++
		defer func() { s.substDepth-- }()
		if out, ok := s.stmtOutput(cs.Stmts[0]); ok {
			_, err := io.WriteString(w, out)
			return err
		}
	}
	_, err := io.WriteString(w, "$(…)")
	return err
}

// maxSubstDepth is how deep command substitutions nested in one another
// are evaluated: evaluating one expands its words twice, so the cost
// doubles with each level ($($($(… 30 deep took minutes); scripts nest
// two or three.
const maxSubstDepth = 6

// echo returns the output of an echo or printf call, without its final
// newline (as a substitution drops it).
func (s *shScan) echo(ce *syntax.CallExpr) (string, bool) {
	cfg := s.newConfig()
	fields, err := safeFields(cfg, ce.Args...)
	if err != nil || len(fields) == 0 {
		return "", false
	}
	switch path.Base(fields[0]) {
	case "echo":
		args := fields[1:]
		escapes := false
		for len(args) > 0 && (args[0] == "-e" || args[0] == "-n" || args[0] == "-en" || args[0] == "-ne" || args[0] == "-E") {
			escapes = escapes || strings.Contains(args[0], "e") && args[0] != "-E"
			args = args[1:]
		}
		out := strings.Join(args, " ")
		if escapes {
			if f, _, err := expand.Format(cfg, "%b", []string{out}); err == nil {
				out = f
			}
		}
		return out, true
	case "printf":
		if len(fields) < 2 || fields[1] == "-v" {
			return "", false
		}
		out, _, err := expand.Format(cfg, fields[1], fields[2:])
		if err != nil {
			return "", false
		}
		return strings.TrimRight(out, "\n"), true
	}
	return "", false
}

// plainWord reports a word the normaliser would leave as it is: literal
// text without backslashes, braces or expansions, in or out of quotes.
func plainWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\{") {
				return false
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); !ok || strings.Contains(l.Value, "\\") {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// fields returns the fields bash would make of words, normalised; a word
// the expander cannot take is kept in its source form (wordText).
func (s *shScan) fields(words []*syntax.Word) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if plainWord(w) {
			out = append(out, wordText(w))
			continue
		}
		f, err := safeFields(s.expandConfig(), w)
		if err != nil {
			out = append(out, wordText(w))
			continue
		}
		out = append(out, f...)
	}
	return out
}

// word returns one word normalised as a single string (its fields
// joined with spaces), for redirection targets and assigned values.
func (s *shScan) word(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	if plainWord(w) {
		return wordText(w)
	}
	var v string
	err := safely(func() (err error) {
		v, err = expand.Literal(s.expandConfig(), w)
		return err
	})
	if err != nil {
		return wordText(w)
	}
	return v
}

// safeFields is expand.Fields that turns a panic of the expander (on
// input no real script has) into an error, so a hostile script cannot
// stop the audit; the word is then read in its source form.
func safeFields(cfg *expand.Config, words ...*syntax.Word) (f []string, err error) {
	err = safely(func() (err error) {
		f, err = expand.Fields(cfg, words...)
		return err
	})
	return f, err
}

func safely(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("shell expansion failed: %v", r)
		}
	}()
	return fn()
}

// assign records the variables a statement sets (x=1, export x=1,
// local, declare, readonly), as far as their values expand.
// loopVar gives a for loop's variable the item of its list that names a
// credential, if one does (else the first item): the body's
// cp "$HOME/$f" then reads as what it reads on that pass
// (for f in .aws/credentials .kube/config; do cp "$HOME/$f" ...).
func (s *shScan) loopVar(c *syntax.ForClause) {
	wi, ok := c.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil || len(wi.Items) == 0 {
		return
	}
	s.expandConfig()
	v := ""
	// each item's fields: "${files[@]}" is one item of many words, and
	// the loop reads the credential among them
	for _, w := range s.fields(wi.Items) {
		if credIn(w) || credIn("~/"+strings.TrimPrefix(w, "/")) {
			v = w
			break
		}
	}
	if v == "" {
		// no credential: an array stays its source form ($files), as
		// the other rules have read a loop over it (a loop copying
		// listed dotfiles into a snapshot is not writing a .bashrc)
		s.env.hideLists = true
		v = s.word(wi.Items[0])
		for _, it := range wi.Items {
			if w := s.word(it); credIn(w) || credIn("~/"+strings.TrimPrefix(w, "/")) {
				v = w
				break
			}
		}
		s.env.hideLists = false
	}
	if _, ok := s.env.vars[wi.Name.Value]; ok || len(s.env.vars) < maxVars {
		s.env.vars[wi.Name.Value] = v
	}
}

func (s *shScan) assign(st *syntax.Stmt) {
	var as []*syntax.Assign
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			as = c.Assigns
		}
	case *syntax.DeclClause:
		as = c.Args
	case *syntax.ForClause:
		s.loopVar(c)
		return
	}
	for _, a := range as {
		if a.Name != nil && a.Value == nil && a.Array != nil && a.Index == nil {
			s.assignList(a)
			continue
		}
		if a.Name == nil || a.Value == nil || a.Array != nil || a.Index != nil {
			continue
		}
		s.taintAssign(a)
		s.expandConfig()
		v := s.word(a.Value)
		if d := s.fallback(a.Value); d != nil {
			v = s.word(d)
		} else if d := s.partFallbacks(a.Value); d != nil {
			v = s.word(d)
		}
		if a.Append {
			v = s.env.vars[a.Name.Value] + v
		}
		if len(v) > maxVarBytes {
			v = v[:maxVarBytes]
		}
		if _, ok := s.env.vars[a.Name.Value]; ok || len(s.env.vars) < maxVars {
			s.env.vars[a.Name.Value] = v
		}
	}
}

// assignList records an indexed array's elements (files=("$CFG"
// "$HOME/.docker/config.json"), files+=(…)), each expanded as bash
// expands it, so a command given "${files[@]}" (tar -czf out.tgz
// "${files[@]}") is read with the paths it is run with, as a for loop's
// list is (loopVar). Elements past maxVarBytes in all are dropped.
func (s *shScan) assignList(a *syntax.Assign) {
	s.expandConfig()
	name := a.Name.Value
	var l []string
	if a.Append {
		if old, ok := s.env.lists[name]; ok {
			l = append(l, old...)
		} else if v, ok := s.env.vars[name]; ok {
			l = append(l, v)
		}
	}
	size := 0
	for _, e := range l {
		size += len(e)
	}
	for _, el := range a.Array.Elems {
		if el.Value == nil || el.Index != nil {
			continue
		}
		for _, f := range s.fields([]*syntax.Word{el.Value}) {
			if size += len(f); size > maxVarBytes {
				break
			}
			l = append(l, f)
		}
	}
	_, known := s.env.lists[name]
	if _, ok := s.env.vars[name]; !known && !ok && len(s.env.vars)+len(s.env.lists) >= maxVars {
		return
	}
	delete(s.env.vars, name)
	s.env.lists[name] = l
}

// partFallbacks returns w with each parameter of it that has a default
// and whose name the script never assigns put in as that default
// ("${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user" read as
// "$HOME/.config/systemd/user"), or nil when w holds none: fallback for
// a parameter that is one part of a longer value.
func (s *shScan) partFallbacks(w *syntax.Word) *syntax.Word {
	changed := false
	def := func(p syntax.WordPart) []syntax.WordPart {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Param == nil || pe.Exp == nil || pe.Exp.Word == nil ||
			(pe.Exp.Op != syntax.DefaultUnsetOrNull && pe.Exp.Op != syntax.DefaultUnset) {
			return nil
		}
		if _, assigned := s.env.vars[pe.Param.Value]; assigned {
			return nil
		}
		changed = true
		return pe.Exp.Word.Parts
	}
	var parts []syntax.WordPart
	for _, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			var in []syntax.WordPart
			for _, q := range dq.Parts {
				if d := def(q); d != nil {
					in = append(in, d...)
				} else {
					in = append(in, q)
				}
			}
			parts = append(parts, &syntax.DblQuoted{Left: dq.Left, Right: dq.Right, Dollar: dq.Dollar, Parts: in})
			continue
		}
		if d := def(p); d != nil {
			parts = append(parts, d...)
			continue
		}
		parts = append(parts, p)
	}
	if !changed {
		return nil
	}
	return &syntax.Word{Parts: parts}
}

// fallback returns the default of a value that is a parameter with one
// (${ROOT:-$HOME}, ${ROOT-$HOME}) whose name the script never assigns:
// what the script runs with unless the user sets it, where the
// normaliser would keep the name's source form.
func (s *shScan) fallback(w *syntax.Word) *syntax.Word {
	if len(w.Parts) != 1 {
		return nil
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok {
		if dq, ok := w.Parts[0].(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			pe, _ = dq.Parts[0].(*syntax.ParamExp)
		}
	}
	if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Exp.Word == nil ||
		(pe.Exp.Op != syntax.DefaultUnsetOrNull && pe.Exp.Op != syntax.DefaultUnset) {
		return nil
	}
	if _, assigned := s.env.vars[pe.Param.Value]; assigned {
		return nil
	}
	return pe.Exp.Word
}
