package audit

import (
	"context"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// A Go file's program is its package and the skill's own packages it
// imports, so those files are linked to it as a script's own modules are
// (linkedOf): the other .go files of its folder with the same package
// clause, and the folder of each import path inside the module that the
// nearest go.mod above the file declares (module example.com/tool makes
// example.com/tool/internal/paths the folder internal/paths beside that
// go.mod), then the packages those files import in turn. Test files
// (_test.go) are not part of a package's build and are left out; an
// import of another module is never matched, and nothing outside the
// skill's files is read. At most maxGoLinked files and maxGoLinkedBytes
// are linked to one file. goprogram.go reads them.

const (
	// maxGoLinked bounds the .go files linked to one Go file: a package is
	// several files, so more than a script's maxLinked modules.
	maxGoLinked = 16
	// maxGoLinkedBytes bounds the text of the .go files linked to one Go
	// file.
	maxGoLinkedBytes = 1 << 20
)

// isGoSource reports whether rel is a Go file of a package's build (not
// a test).
func isGoSource(rel string) bool {
	return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
}

// goModulePath returns the module path a go.mod declares, or "".
func goModulePath(gomod string) string {
	for _, line := range strings.Split(gomod, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) != 2 || f[0] != "module" {
			continue
		}
		p := f[1]
		if u, err := strconv.Unquote(p); err == nil {
			p = u
		}
		if p == "" || strings.ContainsAny(p, " \t\"'`\\") {
			return ""
		}
		return p
	}
	return ""
}

// goModuleOf returns the folder (relative to the skill, "." for its
// root) of the nearest go.mod above rel among the skill's files, and the
// module path it declares; "" when there is none.
func goModuleOf(ctx context.Context, src Source, s index.Skill, rel string, has map[string]bool) (root, mod string) {
	for dir := path.Dir(rel); ; dir = path.Dir(dir) {
		gm := path.Join(dir, "go.mod")
		if has[gm] {
			text, err := readForAudit(ctx, src, s, gm)
			if err != nil {
				return "", ""
			}
			if mod = goModulePath(text); mod == "" {
				return "", ""
			}
			return dir, mod
		}
		if dir == "." || dir == "/" {
			return "", ""
		}
	}
}

// goOwnDir returns the skill folder of import path imp when it names a
// package of module mod rooted at root, or "".
func goOwnDir(imp, root, mod string) string {
	if mod == "" {
		return ""
	}
	sub, ok := strings.CutPrefix(imp, mod)
	if !ok || sub != "" && sub[0] != '/' {
		return ""
	}
	d := path.Join(root, strings.TrimPrefix(sub, "/"))
	if d == ".." || strings.HasPrefix(d, "../") {
		return ""
	}
	return d
}

// goHeader returns the package name and the import paths of Go source
// text, read up to its imports; ok is false when it has no package
// clause.
func goHeader(text string) (pkg string, imports []string, ok bool) {
	f, _ := parser.ParseFile(token.NewFileSet(), "", text, parser.ImportsOnly|parser.SkipObjectResolution)
	if f == nil || f.Name == nil || f.Name.Name == "_" || f.Name.Name == "" {
		return "", nil, false
	}
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil {
			imports = append(imports, p)
		}
	}
	return f.Name.Name, imports, true
}

// goLinkedOf returns the .go files of the program of the Go file rel
// (content) (see above), after the files already linked (have).
func goLinkedOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string, have []linkedFile) []linkedFile {
	if !isGoSource(rel) {
		return nil
	}
	pkg, imports, ok := goHeader(content)
	if !ok {
		return nil
	}
	has := make(map[string]bool, len(files))
	byDir := map[string][]string{}
	for _, f := range files {
		has[f] = true
		if isGoSource(f) && f != rel {
			byDir[path.Dir(f)] = append(byDir[path.Dir(f)], f)
		}
	}
	linked := map[string]bool{rel: true}
	for _, l := range have {
		linked[l.rel] = true
	}
	root, mod := goModuleOf(ctx, src, s, rel, has)
	var out []linkedFile
	size := 0
	// a queue of folders: the imported packages first, then the file's
	// own package, then what the linked files import
	type want struct {
		dir, pkg string // pkg: the package clause to match ("" for any)
	}
	var queue []want
	seen := map[string]bool{}
	enqueue := func(imps []string) {
		for _, imp := range imps {
			if d := goOwnDir(imp, root, mod); d != "" && !seen[d] {
				seen[d] = true
				queue = append(queue, want{dir: d})
			}
		}
	}
	enqueue(imports)
	if own := path.Dir(rel); !seen[own] {
		seen[own] = true
		queue = append(queue, want{dir: own, pkg: pkg})
	}
	for len(queue) > 0 && len(out) < maxGoLinked && size < maxGoLinkedBytes && ctx.Err() == nil {
		w := queue[0]
		queue = queue[1:]
		for _, f := range byDir[w.dir] {
			if len(out) >= maxGoLinked || size >= maxGoLinkedBytes {
				break
			}
			if linked[f] {
				continue
			}
			text, err := readForAudit(ctx, src, s, f)
			if err != nil {
				continue
			}
			p, imps, ok := goHeader(text)
			if !ok || w.pkg != "" && p != w.pkg || strings.HasSuffix(p, "_test") {
				continue
			}
			linked[f] = true
			size += len(text)
			out = append(out, linkedFile{rel: f, text: text, goPkg: goImportOf(w.dir, root, mod, w.pkg != "")})
			enqueue(imps)
		}
	}
	return out
}

// goImportOf is the import path a linked file's folder dir has in module
// mod rooted at root, or "." for a file of the linking file's own
// package (own).
func goImportOf(dir, root, mod string, own bool) string {
	if own || mod == "" {
		return "."
	}
	if dir == root {
		return mod
	}
	return mod + "/" + strings.TrimPrefix(dir, root+"/")
}
