package audit

import (
	"path"
	"strings"
)

// A script's own modules are linked files as its data files are: a
// JavaScript or TypeScript import or require of a relative specifier
// (./wallets.js names src/wallets.ts, as TypeScript's ESM resolution
// maps .js to .ts; ./wallets names wallets.ts or wallets/index.js
// alike), and a Python import of a module beside the script (import
// helpers, from .helpers import X, from helpers import X). A target list
// moved into such a module (export const WALLET_DIRS = {...}) is read by
// the listed-credential rule like one in a JSON file.

var (
	// jsImportSpec is a module specifier of import, export from, a dynamic
	// import or require: group 1 the specifier.
	jsImportSpec = lazyRE(`(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}/[^'"\n]{1,200})['"]`)
	// pyImportMod is a Python import: group 1 (from) or group 2 (import)
	// the dotted module names.
	pyImportMod = lazyRE(`(?m)^[ \t]*(?:from[ \t]+(\.*[\w.]+)[ \t]+import\b|import[ \t]+([\w., \t]+))`)
)

// jsModExt reports whether ext is that of a JavaScript or TypeScript
// module.
func jsModExt(ext string) bool {
	switch ext {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return true
	}
	return false
}

// importsModule reports whether the script rel (content) imports the
// skill's file f as a module (see above).
func importsModule(rel, content, f string) bool {
	ext, fext := strings.ToLower(path.Ext(rel)), strings.ToLower(path.Ext(f))
	switch {
	case jsModExt(ext) && jsModExt(fext):
		want := strings.TrimSuffix(f, path.Ext(f))
		for _, m := range jsImportSpec.FindAllStringSubmatch(content, 256) {
			p := path.Join(path.Dir(rel), m[1])
			if jsModExt(strings.ToLower(path.Ext(p))) {
				p = strings.TrimSuffix(p, path.Ext(p))
			}
			if p == want || p+"/index" == want {
				return true
			}
		}
	case ext == ".py" && fext == ".py" && path.Dir(rel) == path.Dir(f):
		want := strings.TrimSuffix(path.Base(f), ".py")
		for _, m := range pyImportMod.FindAllStringSubmatch(content, 256) {
			mods := m[1]
			if mods == "" {
				mods = m[2]
			}
			for _, mod := range strings.Split(mods, ",") {
				mod = strings.TrimLeft(strings.Fields(mod + " x")[0], ".")
				if mod == want {
					return true
				}
			}
		}
	}
	return false
}
