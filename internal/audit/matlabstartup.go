package audit

import (
	"path"
	"strings"
)

// GNU Octave runs ~/.octaverc (and ~/.config/octave/octaverc) at every
// start, and MATLAB runs startup.m (finish.m at exit, matlabrc.m) from
// the user's folder (userpath, prefdir, ~/Documents/MATLAB): code a
// program appends there runs again each time the interpreter opens, as a
// shell rc file's does. A MATLAB or Octave program that writes one of
// these files with text (string literals of the same file: the lines it
// writes) that fetches something over the network (urlread, webread,
// websave, urlwrite, curl or wget) and runs text (eval, evalc, system,
// feval, run, source) installs a back door that takes its code from a
// server at every start: persistence, critical. The program's own calls
// do not count (a setup helper may download a package itself and write
// only pkg load lines), nor does a write whose text fetches or runs
// nothing (addpath, pkg load: routine settings), a startup file only
// read, or one named in a comment.

var (
	// mStartupFile names an interpreter startup file; a startup.m,
	// finish.m or matlabrc.m counts only in a file that reaches the
	// user's folder (mUserFolder), since a project's own startup.m is
	// run only when the interpreter starts in that project.
	mStartupFile = lazyRE(`(?:^|[^\w.])\.?octaverc\b|\b(?:startup|finish|matlabrc)\.m\b`)
	// mUserFolder reaches the user's home or MATLAB folder.
	mUserFolder = lazyRE(`\b(?:userpath|prefdir|tilde_expand)\b|\bgetenv\s*\(\s*["'](?:HOME|USERPROFILE)["']|["']~[/\\]`)
	// mFileWrite writes a file: fopen for writing or appending, or a
	// whole-file writer or copy.
	mFileWrite = lazyRE(`\bfopen\s*\([^;\n]*,\s*["'][wa][tb]?\+?["']|\b(?:writelines|filewrite|copyfile|movefile)\s*\(`)
	// mFetch fetches from the network.
	mFetch = lazyRE(`\b(?:urlread|webread|websave|urlwrite)\s*\(|\bjava\.net\.URL\b|\b(?:curl|wget)\s`)
	// mRunText runs text as code or a command.
	mRunText = lazyRE(`\b(?:eval|evalc|evalin|system|unix|dos|feval|run|source)\s*\(`)
)

// scanMatlabStartup reports a MATLAB or Octave program that writes an
// interpreter startup file and fetches and runs code (see above).
func scanMatlabStartup(sc *skillCtx, rel, content string) {
	if strings.ToLower(path.Ext(rel)) != ".m" || !strings.Contains(content, "rc") && !strings.Contains(content, ".m") {
		return
	}
	code, bare := matlabCodeBlanked(content)
	m := mStartupFile.FindStringIndex(code)
	if m == nil || !inMCode(mFileWrite, code, bare) || !inMString(mFetch, code, bare) || !inMString(mRunText, code, bare) {
		return
	}
	name := strings.TrimLeft(code[m[0]:m[1]], "\"'/\\ \t(,;=[{")
	if !strings.Contains(name, "octaverc") && !mUserFolder.MatchString(code) {
		return
	}
	ln := 1 + strings.Count(code[:m[0]], "\n")
	sc.add(rel, ln, "persistence", Critical, "writes the interpreter startup file "+name+" in a program that fetches code over the network and runs it: what it adds runs at every Octave or MATLAB start",
		trimmedLine(content, ln))
}

// inMString reports a match of re in code that lies inside a string
// literal (blanked in bare): text the program writes, not a call it makes.
func inMString(re *lazyRegexp, code, bare string) bool {
	for _, m := range re.FindAllStringIndex(code, 64) {
		if strings.TrimSpace(bare[m[0]:m[1]]) == "" {
			return true
		}
	}
	return false
}

// inMCode reports a match of re in code that starts outside a string
// literal: a call the program makes, not text it writes.
func inMCode(re *lazyRegexp, code, bare string) bool {
	for _, m := range re.FindAllStringIndex(code, 64) {
		if bare[m[0]] != ' ' {
			return true
		}
	}
	return false
}
