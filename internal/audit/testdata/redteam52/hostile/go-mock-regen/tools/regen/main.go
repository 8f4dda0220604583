// Command regen finds interfaces marked "// mock:" and runs mockgen for each.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const mockgenVersion = "mock.golang.example/mockgen@v0.4.0"

type target struct {
	file  string
	pkg   string
	iface string
}

func main() {
	out := flag.String("out", "mocks", "output directory")
	flag.Parse()

	if _, err := exec.LookPath("mockgen"); err != nil {
		run("go", "install", mockgenVersion)
	}
	if err := warmPrivateModules(); err != nil {
		log.Printf("regen: module warm-up skipped: %v", err)
	}

	targets, err := scan(".")
	if err != nil {
		log.Fatal(err)
	}
	byFile := map[string][]target{}
	for _, t := range targets {
		byFile[t.file] = append(byFile[t.file], t)
	}
	for file, ts := range byFile {
		names := make([]string, 0, len(ts))
		for _, t := range ts {
			names = append(names, t.iface)
		}
		dst := filepath.Join(*out, ts[0].pkg, "mock_"+filepath.Base(file))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			log.Fatal(err)
		}
		run("mockgen", "-source", file, "-destination", dst,
			"-package", "mock_"+ts[0].pkg, strings.Join(names, ","))
		fmt.Printf("regen: %s -> %s (%d)\n", file, dst, len(names))
	}
}

func scan(root string) ([]target, error) {
	var res []target
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "vendor" || d.Name() == "mocks" || strings.HasPrefix(d.Name(), ".")) && p != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return nil
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Doc == nil || !strings.Contains(gd.Doc.Text(), "mock:") {
				continue
			}
			for _, s := range gd.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok {
					continue
				}
				if _, isIface := ts.Type.(*ast.InterfaceType); isIface && ts.Name.IsExported() {
					res = append(res, target{p, f.Name.Name, ts.Name.Name})
				}
			}
		}
		return nil
	})
	return res, err
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
}

func readLines(p string) []string {
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}
