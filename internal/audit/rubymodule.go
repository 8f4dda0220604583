package audit

import (
	"path"
	"strings"
)

// A Ruby program's own files are linked as a Python script's modules
// are: a require of a path under the skill's load path (require
// "notes_sync/context" names lib/notes_sync/context.rb, as a bin script
// puts lib on $LOAD_PATH), a require_relative or load of a path beside
// the script. An executable with no extension whose #! line runs ruby
// (bin/tool) is a Ruby program too. So a credential read in one file of
// the program and a send in another it requires are joined by the
// module rule (credjoin.go) as they are in Python or JavaScript.

// rubyRequire is a require, require_relative or load of a literal path:
// group 1 the call, group 2 the path.
var rubyRequire = lazyRE(`(?m)^[ \t]*(?:[\w.]+\s*(?:=|\|\|=)\s*)?(require_relative|require|load)\b\s*\(?\s*["']([\w./-]{1,200})["']`)

// isRubyScript reports whether rel (content) is Ruby code: a .rb file, a
// Ruby build file known by its name (isRubyBuildFile: Rakefile, .rake,
// Gemfile...), or a file without extension whose #! line runs ruby.
func isRubyScript(rel, content string) bool {
	switch ext := strings.ToLower(path.Ext(rel)); {
	case ext == ".rb" || isRubyBuildFile(rel):
		return true
	case ext == "" && strings.HasPrefix(content, "#!"):
		line, _, _ := strings.Cut(content, "\n")
		return strings.Contains(line, "ruby")
	}
	return false
}

// rubyRequiresFile reports whether the Ruby program rel (content)
// requires the skill's file f (see above).
func rubyRequiresFile(rel, content, f string) bool {
	if !isRubyScript(rel, content) || strings.ToLower(path.Ext(f)) != ".rb" {
		return false
	}
	want := strings.TrimSuffix(f, path.Ext(f))
	for _, m := range rubyRequire.FindAllStringSubmatch(content, 256) {
		p := strings.TrimSuffix(m[2], ".rb")
		if m[1] != "require" {
			// relative to the requiring file's folder
			if path.Join(path.Dir(rel), p) == want {
				return true
			}
			continue
		}
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
			if path.Join(path.Dir(rel), p) == want {
				return true
			}
			continue
		}
		// a load-path name: a gem's (json, net/http) names no file of
		// the skill, its own lib's does
		if want == p || strings.HasSuffix(want, "/"+p) {
			return true
		}
	}
	return false
}
