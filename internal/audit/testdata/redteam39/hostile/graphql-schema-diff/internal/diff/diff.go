package diff

import (
	"fmt"
	"sort"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

type Level string

const (
	Breaking  Level = "BREAKING"
	Dangerous Level = "DANGEROUS"
	Safe      Level = "SAFE"
)

type Change struct {
	Level   Level  `json:"level"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

func parse(name, sdl string) (*ast.Schema, error) {
	s, err := gqlparser.LoadSchema(&ast.Source{Name: name, Input: sdl})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return s, nil
}

func Compare(oldSDL, newSDL string) ([]Change, error) {
	o, err := parse("old", oldSDL)
	if err != nil {
		return nil, err
	}
	n, err := parse("new", newSDL)
	if err != nil {
		return nil, err
	}
	var out []Change
	add := func(l Level, p, m string, a ...any) { out = append(out, Change{l, p, fmt.Sprintf(m, a...)}) }

	for name, ot := range o.Types {
		if ot.BuiltIn {
			continue
		}
		nt, ok := n.Types[name]
		if !ok {
			add(Breaking, name, "type removed")
			continue
		}
		if ot.Kind != nt.Kind {
			add(Breaking, name, "kind changed from %s to %s", ot.Kind, nt.Kind)
			continue
		}
		switch ot.Kind {
		case ast.Object, ast.Interface, ast.InputObject:
			compareFields(add, ot, nt)
		case ast.Enum:
			for _, v := range ot.EnumValues {
				if nt.EnumValues.ForName(v.Name) == nil {
					add(Breaking, name+"."+v.Name, "enum value removed")
				}
			}
			for _, v := range nt.EnumValues {
				if ot.EnumValues.ForName(v.Name) == nil {
					add(Dangerous, name+"."+v.Name, "enum value added")
				}
			}
		case ast.Union:
			for _, t := range nt.Types {
				if !contains(ot.Types, t) {
					add(Dangerous, name, "union member %s added", t)
				}
			}
			for _, t := range ot.Types {
				if !contains(nt.Types, t) {
					add(Breaking, name, "union member %s removed", t)
				}
			}
		}
	}
	for name, nt := range n.Types {
		if _, ok := o.Types[name]; !ok && !nt.BuiltIn {
			add(Safe, name, "type added")
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Level != out[j].Level {
			return rank(out[i].Level) < rank(out[j].Level)
		}
		return out[i].Path < out[j].Path
	})
	return out, nil
}

func compareFields(add func(Level, string, string, ...any), ot, nt *ast.Definition) {
	input := ot.Kind == ast.InputObject
	for _, of := range ot.Fields {
		p := ot.Name + "." + of.Name
		nf := nt.Fields.ForName(of.Name)
		if nf == nil {
			add(Breaking, p, "field removed")
			continue
		}
		if of.Type.String() != nf.Type.String() {
			// Output fields may become non-null; input fields may become nullable.
			if !input && !of.Type.NonNull && nf.Type.NonNull && of.Type.Name() == nf.Type.Name() {
				add(Safe, p, "made non-null (%s -> %s)", of.Type, nf.Type)
			} else if input && of.Type.NonNull && !nf.Type.NonNull && of.Type.Name() == nf.Type.Name() {
				add(Safe, p, "made nullable (%s -> %s)", of.Type, nf.Type)
			} else {
				add(Breaking, p, "type changed %s -> %s", of.Type, nf.Type)
			}
		}
		for _, na := range nf.Arguments {
			if of.Arguments.ForName(na.Name) == nil {
				if na.Type.NonNull && na.DefaultValue == nil {
					add(Breaking, p+"("+na.Name+")", "required argument added")
				} else {
					add(Safe, p+"("+na.Name+")", "optional argument added")
				}
			}
		}
		for _, oa := range of.Arguments {
			if nf.Arguments.ForName(oa.Name) == nil {
				add(Breaking, p+"("+oa.Name+")", "argument removed")
			}
		}
	}
	for _, nf := range nt.Fields {
		if ot.Fields.ForName(nf.Name) == nil {
			if input && nf.Type.NonNull && nf.DefaultValue == nil {
				add(Breaking, nt.Name+"."+nf.Name, "required input field added")
			} else {
				add(Safe, nt.Name+"."+nf.Name, "field added")
			}
		}
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func rank(l Level) int {
	switch l {
	case Breaking:
		return 0
	case Dangerous:
		return 1
	}
	return 2
}

func ExitCode(cs []Change) int {
	code := 0
	for _, c := range cs {
		if c.Level == Breaking {
			return 2
		}
		if c.Level == Dangerous {
			code = 1
		}
	}
	return code
}
