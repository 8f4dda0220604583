package audit

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// wordText renders a word as the shell would see its literal parts;
// expansions are written in their source form ($X, $(...)).
func wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		partText(&b, p)
	}
	return b.String()
}

func partText(b *strings.Builder, p syntax.WordPart) {
	switch p := p.(type) {
	case *syntax.Lit:
		b.WriteString(p.Value)
	case *syntax.SglQuoted:
		b.WriteString(p.Value)
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			partText(b, q)
		}
	case *syntax.ParamExp:
		if p.Param != nil {
			b.WriteString("$" + p.Param.Value)
		}
	case *syntax.CmdSubst:
		b.WriteString("$(…)")
	case *syntax.ProcSubst:
		b.WriteString("<(…)")
	}
}

// substs returns the statements of every command and process substitution
// in w.
func substs(w *syntax.Word) []*syntax.Stmt {
	var out []*syntax.Stmt
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			out = append(out, n.Stmts...)
		case *syntax.ProcSubst:
			out = append(out, n.Stmts...)
		}
		return true
	})
	return out
}

// envLoadOf reports a `source .env` or `. ./.env.local`: a shell loading
// a dotenv file's settings into its variables, and the file.
func envLoadOf(c call) (string, bool) {
	if (c.name != "source" && c.name != ".") || len(c.args) == 0 {
		return "", false
	}
	f := c.args[0]
	return f, strings.HasPrefix(path.Base(f), ".env")
}

// varInData reports whether a network command's arguments carry a
// variable or substitution anywhere but in a header (-H "Authorization:
// Bearer $TOKEN" authenticates to the host named; it sends nothing else).
func varInData(c call) bool {
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a == "-H" || a == "--header" {
			i++
			continue
		}
		if strings.HasPrefix(a, "-H") || strings.HasPrefix(a, "--header=") {
			continue
		}
		if strings.Contains(a, "$") {
			return true
		}
	}
	return false
}
