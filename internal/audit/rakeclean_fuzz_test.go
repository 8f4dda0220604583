package audit

import (
	"strings"
	"testing"
)

// FuzzRakeClean: no Ruby text stops the reader of rake's clean lists and
// removals (calls with and without parentheses, list constants over
// several lines, splats, FileList, %w lists), and every finding's line
// is inside the file.
func FuzzRakeClean(f *testing.F) {
	for _, s := range []string{
		"require 'rake/clean'\nL = [\n  File.join(Dir.home, '.gem', '..', '*'),\n].freeze\nCLOBBER.include(*L)\n",
		"CLEAN << File.join(Dir.pwd, '..')\n", "CLEAN.include %w[a .git]\n", "CLOBBER.include(FileList[\n", "rm_rf File.join(",
		"task :x do\n  FileUtils.rm_rf(File.expand_path('..', __dir__))\nend\n", "CLEAN.include(*X)\nX = [X]\n", "CLOBBER.include(", "A = %w[\nCLEAN.include(*A",
		strings.Repeat("CLEAN.include(File.join(", 40),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanRakeClean(sc, "Rakefile.rb", code)
		scanRakeClean(sc, "rakelib/x.rake.rb", code)
		fuzzLinesInFile(t, sc, code)
	})
}
