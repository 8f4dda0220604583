package audit

import (
	"path"
	"strings"
)

// A script's own modules are linked files as its data files are: a
// JavaScript or TypeScript import or require of a relative specifier
// (./wallets.js names src/wallets.ts, as TypeScript's ESM resolution
// maps .js to .ts; ./wallets names wallets.ts or wallets/index.js
// alike), a Python import of a module of the skill (pymodule.go), and a
// Lua require of one (require("devtools.runner") names
// devtools/runner.lua or devtools/runner/init.lua), and a PHP class an
// autoloader loads from its file (use AuthDoctor\Sources; or
// Sources::home() names Sources.php, PSR-4's one class per file), and a
// Swift type used by name from its file in the same folder (a target's
// files share one module: ASCKeyLocator.locate() names
// ASCKeyLocator.swift). A
// target list
// moved into such a module (export const WALLET_DIRS = {...}) is read by
// the listed-credential rule like one in a JSON file.

var (
	// jsImportSpec is a module specifier of import, export from, a dynamic
	// import or require: group 1 the specifier.
	jsImportSpec = lazyRE(`(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}/[^'"\n]{1,200})['"]`)
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
	case ext == ".py" && fext == ".py":
		return pyImportsFile(rel, content, f)
	case ext == ".rs" && fext == ".rs":
		return rustUsesModule(rel, content, f)
	case fext == ".rb":
		return rubyRequiresFile(rel, content, f)
	case ext == ".php" && fext == ".php":
		return phpUsesClass(content, f)
	case perlExt(ext) && fext == ".pm":
		return perlUsesModule(content, f)
	case ext == ".swift" && fext == ".swift":
		return swiftUsesType(rel, content, f) // one target, one module (swiftmodule.go)
	case ext == ".cr" && fext == ".cr":
		// Crystal's require "./forge_auth" (relative, .cr implied)
		for _, m := range crystalRequire.FindAllStringSubmatch(content, 64) {
			p := path.Join(path.Dir(rel), m[1])
			if p == f || p+".cr" == f {
				return true
			}
		}
	case ext == ".lua" && fext == ".lua":
		for _, m := range luaRequire.FindAllStringSubmatch(content, 64) {
			if luaModuleFile(m[2], f) {
				return true
			}
		}
	}
	return false
}

// crystalRequire is a Crystal require of a relative file: group 1 its
// path.
var crystalRequire = lazyRE(`(?m)^\s*require\s+"(\.\.?/[^"\n]+)"`)

// perlExt reports a Perl file's extension.
func perlExt(ext string) bool { return ext == ".pl" || ext == ".pm" || ext == ".t" }

// perlModuleUse is a Perl `use` or `require` of a module by its package
// name (use MboxSplit::Cleanup; require MboxSplit::Cleanup), the name in
// group 1.
var perlModuleUse = lazyRE(`(?m)^\s*(?:use|require)\s+([A-Za-z_]\w*(?:::\w+)*)\s*[;(\s]`)

// perlUsesModule reports whether Perl content loads the skill's module
// file f: a package name whose path (MboxSplit::Cleanup ->
// MboxSplit/Cleanup.pm) ends f, wherever its lib folder is.
func perlUsesModule(content, f string) bool {
	for _, m := range perlModuleUse.FindAllStringSubmatch(content, 256) {
		p := strings.ReplaceAll(m[1], "::", "/") + ".pm"
		if f == p || strings.HasSuffix(f, "/"+p) {
			return true
		}
	}
	return false
}
