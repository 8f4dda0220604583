package longtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestCIRunsEveryLongTest keeps .ci/run's long stage true: CI runs the
// long tests by name (the rest of their packages ran already), so a test
// whose behaviour SKILLDEX_LONG changes and that is missing from that
// list would silently never run in long mode. A test counts as long when
// it, or a function of its package it calls (followed to any depth),
// uses this package or corpustest.Sample.
func TestCIRunsEveryLongTest(t *testing.T) {
	root := filepath.Join("..", "..")
	script, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^long\+?='\|?([A-Za-z0-9_|]+)'`).FindAllStringSubmatch(string(script), -1) {
		for _, name := range strings.Split(m[1], "|") {
			listed[name] = true
		}
	}
	if len(listed) == 0 {
		t.Fatal(".ci/run: no long='...' list of the long tests found")
	}

	// Per package directory: which functions use the switch directly, and
	// which functions each calls by name.
	type pkg struct {
		direct map[string]bool
		calls  map[string][]string
	}
	pkgs := map[string]*pkg{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		p := pkgs[filepath.Dir(path)]
		if p == nil {
			p = &pkg{direct: map[string]bool{}, calls: map[string][]string{}}
			pkgs[filepath.Dir(path)] = p
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := fn.Name.Name
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && (x.Name == "longtest" || x.Name == "corpustest" && n.Sel.Name == "Sample") {
						p.direct[name] = true
					}
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok {
						p.calls[name] = append(p.calls[name], id.Name)
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for dir, p := range pkgs {
		long := p.direct
		for changed := true; changed; {
			changed = false
			for fn, callees := range p.calls {
				for _, c := range callees {
					if long[c] && !long[fn] {
						long[fn], changed = true, true
					}
				}
			}
		}
		for fn := range long {
			if strings.HasPrefix(fn, "Test") && !listed[fn] {
				missing = append(missing, dir+": "+fn)
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("long tests missing from .ci/run's long list (add them there):\n%s", strings.Join(missing, "\n"))
	}
	if !listed["TestCrashDuringIndexBuild"] {
		t.Error("the parse of .ci/run's long list lost a name it holds")
	}
}
