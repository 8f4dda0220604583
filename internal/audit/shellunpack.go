package audit

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule download-exec for a download saved as an archive, unpacked and
// run from the folder it was unpacked into: curl -o t.tgz URL; tar -xzf
// t.tgz -C dir; sh dir/install.sh runs what the server packed, as curl -o
// x.sh URL; sh x.sh runs what it sent. The archive is a file the script
// downloaded (curl -o, wget -O, curl -O or wget URL by the URL's base
// name) or a download piped into tar (curl URL | tar -xz -C dir); its
// folder is tar's -C (--directory), unzip's -d or 7z's -o, or the working
// folder when none is given. A run is the command word of a path under
// the folder (dir/bin/tool, ./dir/install.sh), or the script a shell or
// interpreter is given there (sh dir/install.sh, . dir/env.sh); after cd
// into the folder (or an unpack into the working folder), a relative
// path (./configure, sh install.sh) too. High, as a download saved and
// run; medium when a check of the archive's digest against a pinned
// one gates the run (shelldigest.go), since a pinned release is the
// author's choice, and in a documentation code block as for a plain
// download. Unpacking alone, a file copied out of the folder (install
// -m 0755 dir/tool ~/.local/bin) and a script the skill ships are not
// runs of the archive.

// unpackState is what a shell scan knows of archives unpacked from
// downloads (see above).
type unpackState struct {
	// dirs are the folders a downloaded archive was unpacked into, as
	// the words that name them, and the line of the unpacking.
	dirs map[string]int
	// cwd is set while the working folder is one of them (an unpack
	// without a folder, or a cd into one).
	cwd bool
	// names are the base names of files fetched without an output name
	// (wget URL, saved as its base name).
	names map[string]bool
	// archives are the words naming the downloaded archives unpacked
	// (as the run rule holds them, and their path keys), for the digest
	// judgement.
	archives []string
	// reported is set once a run was reported: one finding a scan.
	reported bool
	// vars are the path keys of the script's variables (pathKey).
	vars map[string]string
}

// pipeReaders print a file, decompressed or not, into a pipe.
var pipeReaders = lazySet("cat", "gunzip", "gzip", "zcat", "xz", "unxz", "xzcat", "bzip2", "bunzip2", "bzcat", "zstd", "unzstd", "zstdcat", "pv")

// maxUnpacked bounds the folders and names a scan remembers.
const maxUnpacked = 32

// unpackArgs reads an extraction command: the archive it unpacks ("-"
// for standard input) and the folder it unpacks into ("." for the
// working folder); ok false for any other command, or tar not in
// extract mode.
func unpackArgs(c call) (archive, dest string, ok bool) {
	switch c.name {
	case "tar", "gtar", "bsdtar":
		archive, dest = "-", "."
		for i := 0; i < len(c.args); i++ {
			a := c.args[i]
			switch {
			case a == "--extract" || a == "--get":
				ok = true
			case strings.HasPrefix(a, "--file="):
				archive = a[len("--file="):]
			case strings.HasPrefix(a, "--directory="):
				dest = a[len("--directory="):]
			case (a == "--file" || a == "-C" || a == "--directory") && i+1 < len(c.args):
				if a == "--file" {
					archive = c.args[i+1]
				} else {
					dest = c.args[i+1]
				}
				i++
			case strings.HasPrefix(a, "--"):
			case strings.HasPrefix(a, "-") && len(a) > 1 || i == 0 && tarOldStyle(a):
				flags := strings.TrimPrefix(a, "-")
				ok = ok || strings.Contains(flags, "x")
				if k := strings.IndexByte(flags, 'f'); k >= 0 {
					if k < len(flags)-1 {
						archive = flags[k+1:] // -fFILE
					} else if i+1 < len(c.args) {
						archive = c.args[i+1]
						i++
					}
				}
			}
		}
		return archive, dest, ok
	case "unzip":
		dest = "."
		for i := 0; i < len(c.args); i++ {
			a := c.args[i]
			switch {
			case (a == "-d" || a == "-P" || a == "-x") && i+1 < len(c.args):
				if a == "-d" {
					dest = c.args[i+1]
				}
				i++
			case strings.HasPrefix(a, "-"):
			case archive == "":
				archive = a
			}
		}
		return archive, dest, archive != ""
	case "7z", "7za", "7zz", "7zr":
		if len(c.args) == 0 || c.args[0] != "x" && c.args[0] != "e" {
			return "", "", false
		}
		dest = "."
		for _, a := range c.args[1:] {
			switch {
			case strings.HasPrefix(a, "-o") && len(a) > 2:
				dest = a[2:]
			case strings.HasPrefix(a, "-"):
			case archive == "":
				archive = a
			}
		}
		return archive, dest, archive != ""
	}
	return "", "", false
}

// tarOldStyle reports whether a is tar's first argument in the old style,
// its flags without a dash (xzf, xvf).
func tarOldStyle(a string) bool {
	if a == "" {
		return false
	}
	for i := 0; i < len(a); i++ {
		if !strings.ContainsRune("xzjJvfpkOoaUSwmhZ", rune(a[i])) {
			return false
		}
	}
	return strings.Contains(a, "x")
}

// normPath is a path word without its leading ./ and trailing slashes,
// so ./out/, out and out/ name one folder.
func normPath(w string) string {
	for strings.HasPrefix(w, "./") {
		w = strings.TrimLeft(w[2:], "/")
	}
	if len(w) > 1 {
		w = strings.TrimRight(w, "/")
	}
	return w
}

// relPath reports whether w is a path relative to the working folder.
func relPath(w string) bool {
	return w != "" && w != "." && !strings.HasPrefix(w, "..") && strings.IndexByte("/$~-", w[0]) < 0
}

// noteFetch remembers the file a fetch saves under its URL's base name
// (wget URL with no -O).
func (s *shScan) noteFetch(c call) {
	if c.name != "wget" || len(s.up.names) >= maxUnpacked {
		return
	}
	for _, a := range c.args {
		if outputFlag(a) || strings.HasPrefix(a, "--output-document") {
			return
		}
	}
	for _, a := range c.args {
		if i := strings.Index(a, "://"); i > 0 {
			u := a[i+3:]
			if q := strings.IndexAny(u, "?#"); q >= 0 {
				u = u[:q]
			}
			if b := path.Base(u); b != "" && b != "." && b != "/" && strings.Contains(u, "/") {
				if s.up.names == nil {
					s.up.names = map[string]bool{}
				}
				s.up.names[b] = true
			}
		}
	}
}

// fetchedArchive reports whether archive (as the normaliser expands it)
// is a file the script downloaded: an output file of a fetch, or the base
// name of a URL saved by its name (curl -O URL, wget URL).
func (s *shScan) fetchedArchive(archive string) bool {
	if _, ok := s.downloaded[archive]; ok {
		return true
	}
	a := normPath(archive)
	for k := range s.downloaded {
		if strings.Contains(k, "://") && path.Base(a) == path.Base(strings.TrimRight(k, "/")) || normPath(k) == a {
			return true
		}
	}
	return s.up.names[path.Base(a)]
}

// addUnpacked remembers a folder unpacked from a download.
func (s *shScan) addUnpacked(dest string, line int) {
	if d := normPath(dest); d == "." || d == "" {
		s.up.cwd = true
	} else if len(s.up.dirs) < maxUnpacked {
		if s.up.dirs == nil {
			s.up.dirs = map[string]int{}
		}
		s.up.dirs[d] = line
	}
}

// underUnpacked reports whether path word w names a file under a
// folder unpacked from a download: under one of the folders, or a
// relative path while the working folder is one.
func (s *shScan) underUnpacked(w string) bool {
	w = normPath(w)
	for d := range s.up.dirs {
		if w == d || strings.HasPrefix(w, d+"/") {
			return true
		}
	}
	return s.up.cwd && relPath(w)
}

// pathKey is the text a path word is compared by: its literal parts, a
// variable as the key of its value, and a variable whose value the scan
// cannot know (tmp=$(mktemp -d)) as its own name, so "$tmp/x" and
// "$work/x" stay two paths where the normaliser makes both "$(…)/x".
func (s *shScan) pathKey(w *syntax.Word) string {
	var b strings.Builder
	var part func(p syntax.WordPart)
	part = func(p syntax.WordPart) {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				part(q)
			}
		case *syntax.ParamExp:
			if p.Param == nil {
				return
			}
			n := p.Param.Value
			if v, ok := s.up.vars[n]; ok {
				b.WriteString(v)
			} else if v, ok := s.envValue(n); ok && !strings.Contains(v, "$(…)") && p.Exp == nil && p.Repl == nil && p.Slice == nil {
				b.WriteString(v)
			} else {
				b.WriteString("$" + n)
			}
		default:
			partText(&b, p)
		}
	}
	for _, p := range w.Parts {
		part(p)
		if b.Len() > maxVarBytes {
			break
		}
	}
	return b.String()
}

// envValue is the normaliser's value of variable n, when it has one.
func (s *shScan) envValue(n string) (string, bool) {
	if s.env == nil {
		return "", false
	}
	v, ok := s.env.vars[n]
	return v, ok
}

// stmtAssigns returns the assignments a statement makes: those of a
// command with no words (x=1 y=2) or of a declaration (local, export,
// declare x=…); the assignments before a command's words bind only
// for that command.
func stmtAssigns(st *syntax.Stmt) []*syntax.Assign {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return c.Assigns
		}
	case *syntax.DeclClause:
		return c.Args
	}
	return nil
}

// unpackAssign records the path keys of a statement's assignments (see
// pathKey), before the normaliser's assign replaces their values.
func (s *shScan) unpackAssign(st *syntax.Stmt) {
	for _, a := range stmtAssigns(st) {
		if a.Name == nil || a.Value == nil || a.Array != nil || a.Index != nil || a.Append {
			continue
		}
		if s.up.vars == nil {
			s.up.vars = map[string]string{}
		} else if _, ok := s.up.vars[a.Name.Value]; !ok && len(s.up.vars) >= maxVars {
			continue
		}
		k := s.pathKey(a.Value)
		if strings.Contains(k, "$(…)") || strings.Contains(k, "<(…)") {
			k = "$" + a.Name.Value // unknown: the variable is its own name
		}
		s.up.vars[a.Name.Value] = k
	}
}

// keyCall is c with its words as path keys: the command word and the
// arguments after the wrappers callOf removes, or c itself when the
// words do not line up (a word that splits into fields).
func (s *shScan) keyCall(c call) (call, string) {
	keys := make([]string, len(c.raw.Args))
	for i, w := range c.raw.Args {
		keys[i] = s.pathKey(w)
	}
	prog := len(keys) - len(c.args) - 1
	if prog < 0 || prog >= len(keys) {
		return c, ""
	}
	return call{name: c.name, args: keys[prog+1:], raw: c.raw}, keys[prog]
}

// unpackPipe reads a pipeline that unpacks a download as it arrives
// (curl URL | tar -xz -C dir), or a downloaded archive a decompressor
// reads (gunzip -c t.tgz | tar -x): the folder tar writes is unpacked.
func (s *shScan) unpackPipe(calls []call, ok []bool, line int) {
	fetched := false
	for j := range calls {
		if !ok[j] {
			continue
		}
		if s.fetchCall(calls[j]) {
			fetched = true
			continue
		}
		if pipeReaders()[calls[j].name] {
			for _, a := range calls[j].args {
				if !strings.HasPrefix(a, "-") && s.fetchedArchive(a) {
					fetched = true
				}
			}
			continue
		}
		if archive, _, unpacks := unpackArgs(calls[j]); unpacks && fetched && archive == "-" {
			kc, _ := s.keyCall(calls[j])
			_, dest, _ := unpackArgs(kc)
			s.addUnpacked(dest, line)
		}
	}
}

// unpackStmt follows archives through one command (see above): a fetch
// saved by its URL's name, an extraction of a downloaded archive, a cd,
// and a run of a file the archive held, reported.
func (s *shScan) unpackStmt(st *syntax.Stmt, line int, c call) {
	if s.up.reported {
		return
	}
	if isFetch(c) {
		s.noteFetch(c)
		return
	}
	kc, prog := s.keyCall(c)
	if archive, _, ok := unpackArgs(c); ok {
		karchive, dest, _ := unpackArgs(kc)
		if archive != "-" && (s.fetchedArchive(archive) || s.underUnpacked(karchive)) {
			s.addUnpacked(dest, line)
			if len(s.up.archives) < maxUnpacked {
				s.up.archives = append(s.up.archives, s.digestRunKeys(archive)...)
				s.up.archives = append(s.up.archives, karchive)
			}
		}
		return
	}
	if len(s.up.dirs) == 0 && !s.up.cwd {
		return
	}
	if c.name == "cd" || c.name == "pushd" {
		s.up.cwd = len(kc.args) > 0 && s.underUnpacked(kc.args[0])
		return
	}
	if !s.runsUnpacked(kc, prog) {
		return
	}
	s.up.reported = true
	base, reason := High, "runs a file from an archive it downloaded and unpacked: the server decides what runs"
	switch host, asked := s.confirmed(line); {
	case s.w == inCode || s.w == inQuote:
		base = Medium // saved first, so it can be read before it runs
	case s.digestGates(st, s.up.archives):
		base, reason = Medium, "runs a file from a downloaded archive after a check of the archive's digest against a pinned one stops the script on a mismatch: check the digest is the release's"
	case asked:
		base, reason = Medium, reason+confirmedReason(host)
	}
	s.add(line, "download-exec", base, reason, "")
}

// runsUnpacked reports whether c (its words as path keys, prog its
// command word) runs a file under a folder unpacked from a download: as
// its command (a path, not a name looked up in PATH), or as the script a
// shell or interpreter is given.
func (s *shScan) runsUnpacked(c call, prog string) bool {
	if strings.Contains(prog, "/") && s.underUnpacked(prog) {
		return true
	}
	if !interpreters()[c.name] {
		return false
	}
	for _, a := range c.args {
		switch {
		case a == "-c" || a == "-e" || a == "-m" || a == "-r" || a == "--eval" || a == "-E" || a == "-Command":
			return false // the program is given inline, or is a module
		case strings.HasPrefix(a, "-"):
			continue
		}
		return s.underUnpacked(a)
	}
	return false
}
