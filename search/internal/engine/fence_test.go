package engine

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// enginePath is the one package of the module that may import bleve.
const enginePath = "github.com/skilldex/skilldex/search/internal/engine"

// TestOnlyEngineImportsBleve lists every package of the module with `go
// list` and fails when one other than the engine imports a
// github.com/blevesearch module directly, in its code or its tests: the
// rest of the module reaches bleve only through the engine's API, so a
// bleve upgrade is the engine's business (see FormatVersion).
func TestOnlyEngineImportsBleve(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goBin, "list", "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = filepath.Join("..", "..", "..") // the module root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	listed := 0
	for dec.More() {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		listed++
		if p.ImportPath == enginePath {
			continue
		}
		for _, imp := range append(append(p.Imports, p.TestImports...), p.XTestImports...) {
			if strings.HasPrefix(imp, "github.com/blevesearch/") {
				t.Errorf("%s imports %s: only %s may import bleve", p.ImportPath, imp, enginePath)
			}
		}
	}
	if listed < 10 {
		t.Fatalf("go list listed %d packages: not the module", listed)
	}
}
