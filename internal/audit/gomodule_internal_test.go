package audit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// TestGoLinkedOf: a Go file is linked to the files of the skill's
// packages it imports by the module path of the nearest go.mod above it
// (a go.mod in a subfolder too), then to the other files of its own
// package, then to what those import; never to a test file, a file of
// another package clause, a subfolder's file, or a folder whose import
// path only shares a prefix with the module's; at most maxGoLinked.
func TestGoLinkedOf(t *testing.T) {
	files := map[string]string{
		"tool/go.mod":                       "module example.com/tool // the tool\n\ngo 1.22\n",
		"tool/cmd/x/main.go":                "package main\n\nimport (\n\t\"fmt\"\n\t\"example.com/tool/internal/paths\"\n\tlib \"github.com/other/lib\"\n\t\"example.com/toolbox/y\"\n)\n\nfunc main() { fmt.Println(paths.Dir(), lib.X, y.Y) }\n",
		"tool/cmd/x/util.go":                "package main\n\nfunc util() {}\n",
		"tool/cmd/x/gen.go":                 "//go:build ignore\n\npackage gen\n",
		"tool/cmd/x/main_test.go":           "package main\n",
		"tool/internal/paths/paths.go":      "package paths\n\nimport \"example.com/tool/internal/home\"\n\nfunc Dir() string { return home.Dir() + \"/.tool\" }\n",
		"tool/internal/paths/paths_test.go": "package paths\n",
		"tool/internal/paths/sub/deep.go":   "package sub\n",
		"tool/internal/home/home.go":        "package home\n\nimport \"os\"\n\nfunc Dir() string { h, _ := os.UserHomeDir(); return h }\n",
		"tool/lib/lib.go":                   "package lib\n\nvar X = 1\n",
		"toolbox/y/y.go":                    "package y\n\nvar Y = 2\n",
	}
	for i := range maxGoLinked + 4 {
		files[fmt.Sprintf("big/big%02d.go", i)] = "package big\n"
	}
	files["big/main.go"] = "package big\n"
	dir := t.TempDir()
	var rels []string
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		rels = append(rels, rel)
	}
	s := index.Skill{Dir: dir}
	got := func(rel string) []string {
		var out []string
		for _, l := range goLinkedOf(context.Background(), nil, s, rel, files[rel], rels, nil) {
			out = append(out, l.rel+" "+l.goPkg)
		}
		return out
	}
	want := []string{
		"tool/internal/paths/paths.go example.com/tool/internal/paths",
		"tool/cmd/x/util.go .",
		"tool/internal/home/home.go example.com/tool/internal/home",
	}
	if g := got("tool/cmd/x/main.go"); !reflect.DeepEqual(g, want) {
		t.Errorf("main.go links %q, want %q", g, want)
	}
	if g := got("big/main.go"); len(g) != maxGoLinked || !strings.HasSuffix(g[0], " .") {
		t.Errorf("big/main.go links %d files (%q), want %d of its own package", len(g), g, maxGoLinked)
	}
	if g := got("tool/cmd/x/main_test.go"); g != nil {
		t.Errorf("a test file links %q", g)
	}
	for gomod, want := range map[string]string{
		"module example.com/tool\n":             "example.com/tool",
		"// c\nmodule \"example.com/q\" // x\n": "example.com/q",
		"go 1.22\n":                             "",
		"module a b\n":                          "",
		"module \"a b\"\n":                      "",
	} {
		if g := goModulePath(gomod); g != want {
			t.Errorf("goModulePath(%q) = %q, want %q", gomod, g, want)
		}
	}
}
