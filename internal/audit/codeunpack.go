package audit

import "strings"

// Rule download-exec for a JavaScript or Python dropper that unpacks what
// it downloaded before running it (dropper.go runs the file written
// itself; shellunpack.go is the shell's side). The archive is a file the
// script wrote after a network call, or a server's answer unpacked as it
// came (tarfile.open(fileobj=io.BytesIO(r.content)), res.pipe(tar.x({ C:
// dir }))); it is unpacked by the language's own libraries (Python's
// tarfile and zipfile extractall and extract, shutil.unpack_archive;
// node-tar's x/extract, unzipper.Extract, AdmZip's extractAllTo,
// extract-zip, decompress) or by tar, unzip or 7z run as a process (an
// argv, or a command line the script builds: f"tar -xzf {a} -C {d}",
// `tar -xzf ${a} -C ${d}`), and the folder it went into is followed
// through the script's assignments. A run is a process call whose
// program, or the script its shell or interpreter is given, is a path
// under that folder (os.path.join(dest, "install.sh"), dest + "/setup",
// f"{dest}/bin/tool", path.join(dir, 'bin', 'tool')), or a relative path
// when the call's working folder is the unpacked one (cwd=dest, {
// cwd: dir }, os.chdir(dest), cd {dest} && ./configure, an unpack into
// the working folder). Ranked as the dropper it is: high, critical run
// hidden, medium after a digest check. An unpack alone (the unpacking
// command names the archive, it does not run it), a folder listed,
// copied or removed, and a script the skill ships run over the folder
// are not findings.

var (
	// pyArchiveOpen opens an archive in Python.
	pyArchiveOpen = lazyRE(`\b(?:tarfile\.(?:open|TarFile(?:\.open)?)|TarFile(?:\.open)?|zipfile\.(?:ZipFile|PyZipFile)|ZipFile)\(`)
	// pyExtractCall is an archive object's extraction: group 1 the method.
	pyExtractCall = lazyRE(`\.(extractall|extract)\(`)
	// pyUnpackArchive is shutil's unpacking of an archive file.
	pyUnpackArchive = lazyRE(`\b(?:shutil\.)?unpack_archive\(`)
	// jsAdmZip opens a zip archive with AdmZip.
	jsAdmZip = lazyRE(`\bnew\s+AdmZip\(`)
	// jsExtractAllTo is AdmZip's extraction.
	jsExtractAllTo = lazyRE(`\.extractAllTo\(`)
	// jsStreamExtract is an extraction given its options object, node-tar
	// (tar.x, tar.extract) or unzipper.Extract: group 1 the call.
	jsStreamExtract = lazyRE(`\b((?:tar\.)?(?:x|extract)|unzipper\.Extract)\(\s*\{`)
	// jsFileExtract is extract-zip's or decompress's unpacking of a file
	// into a folder.
	jsFileExtract = lazyRE(`\b(?:extract(?:Zip)?|decompress)\(\s*[^{\s]`)
	// codeChdir changes the working folder of the script.
	codeChdir = lazyRE(`\b(?:os\.chdir|process\.chdir)\(`)
)

// maxUnpackSeeds bounds the folders a script's scan follows.
const maxUnpackSeeds = 32

// codeUnpack follows archives a script unpacked from a download (see
// above).
type codeUnpack struct {
	f  string
	js bool
	// files are the names and expressions holding a file the script
	// wrote (derivedNames of its writes), answer the names holding a
	// server's answer.
	files, answer map[string]bool
	// seeds are the expressions naming an unpacked folder, names their
	// closure over the script's assignments, prefixes the rendered paths
	// of folders named in text (tool, {tmp}/tool).
	seeds, names map[string]bool
	prefixes     []string
	// cwdAt is the offset from which the working folder holds an
	// unpacked archive (unpacked with no folder given), or -1.
	cwdAt int
	// interp are the script's names holding a shell or interpreter.
	interp map[string]bool
	// chdirs are the script's changes of working folder (made on first
	// use).
	chdirs [][]int
}

// newCodeUnpack reads the unpacking calls of script f (comments blanked)
// whose archive is a download: written files files (derivedNames of the
// writes), or a network answer.
func newCodeUnpack(f string, js bool, files, interp map[string]bool) *codeUnpack {
	u := &codeUnpack{f: f, js: js, files: files, seeds: map[string]bool{}, cwdAt: -1, interp: interp}
	switch {
	case !unpackHint.MatchString(f):
	case js:
		u.jsExtractions()
	default:
		u.pyExtractions()
	}
	return u
}

// unpackHint is a word of every unpacking the scan reads: the file is
// read for them only when it holds one.
var unpackHint = lazyRE(`extract|unpack_archive|tar|unzip|7z|decompress|AdmZip`)

// answers returns the names of the script holding a server's answer
// (made on first use).
func (u *codeUnpack) answers() map[string]bool {
	if u.answer == nil {
		if u.js {
			u.answer = jsTainted(u.f)
		} else {
			u.answer = pyAnswerNames(u.f, nil)
		}
		if u.answer == nil {
			u.answer = map[string]bool{}
		}
	}
	return u.answer
}

// any reports whether a folder unpacked from a download is known.
func (u *codeUnpack) any() bool { return len(u.seeds) > 0 || len(u.prefixes) > 0 || u.cwdAt >= 0 }

// downloaded reports whether archive expression e (a rendered word when
// word is set) names a download: a written file, a server's answer, or
// a file under a folder unpacked from one.
func (u *codeUnpack) downloaded(e string, word bool) bool {
	if jsMentions(e, u.files) || mentionsAny(e, u.answers()) {
		return true
	}
	if word && u.holdsWord(e) || !word && u.holds(e) {
		return true
	}
	if u.js {
		return jsAnswer.MatchString(e)
	}
	return pyNet.MatchString(e)
}

// holds reports whether expression e names a path under an unpacked
// folder: it names a name holding one, or renders to a path under one.
func (u *codeUnpack) holds(e string) bool {
	return len(u.names) > 0 && jsMentions(e, u.names) || len(u.prefixes) > 0 && u.holdsWord(renderExpr(e, u.js))
}

// holdsWord is holds for a word of a rendered command line.
func (u *codeUnpack) holdsWord(w string) bool {
	if len(u.names) > 0 && jsMentions(w, u.names) {
		return true
	}
	n := normPath(w)
	for _, p := range u.prefixes {
		if n == p || strings.HasPrefix(n, p+"/") {
			return true
		}
	}
	return false
}

// addDest remembers the folder an archive from a download was unpacked
// into: expr as written (rendered false) or a word of a command line
// the script builds (rendered); "" or "." is the working folder, from
// offset at on.
func (u *codeUnpack) addDest(expr string, rendered bool, at int) {
	expr = strings.TrimSpace(expr)
	w := expr
	if !rendered {
		w = renderExpr(expr, u.js)
	}
	if d := normPath(w); d == "" || d == "." {
		if u.cwdAt < 0 || at < u.cwdAt {
			u.cwdAt = at
		}
		return
	}
	if len(u.seeds)+len(u.prefixes) >= maxUnpackSeeds {
		return
	}
	if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") && pyCloseAt(w, 0) == len(w)-1 {
		u.seeds[strings.TrimSpace(w[1:len(w)-1])] = true // a name or an expression
	} else {
		u.prefixes = append(u.prefixes, normPath(w))
	}
	if !rendered && strings.HasPrefix(w, "{") {
		u.seeds[expr] = true // an expression, as written
	}
	u.names = derivedNames(u.f, u.seeds, u.js)
}

// pyExtractions reads Python's unpacking calls: an archive opened with
// tarfile or zipfile (chained, bound with =, or with … as) and
// extracted, and shutil.unpack_archive.
func (u *codeUnpack) pyExtractions() {
	f := u.f
	bound := map[string]string{} // name -> archive expression
	for _, m := range pyArchiveOpen.FindAllStringIndex(f, 32) {
		end := pyCloseAt(f, m[1]-1)
		if end < 0 {
			continue
		}
		archive := pyArchiveArg(callArgs(f[m[1]:]), "name", "fileobj", "file")
		if archive == "" {
			continue
		}
		rest := f[end+1:]
		if mm := pyExtractCall.FindStringSubmatchIndex(rest); mm != nil && mm[0] == 0 {
			u.pyExtract(archive, rest[mm[2]:mm[3]], callArgs(rest[mm[1]:]), end)
			continue
		}
		ls := strings.LastIndexByte(f[:m[0]], '\n') + 1
		if b := pyProcBinding.FindStringSubmatch(f[ls:m[0]]); b != nil {
			bound[b[1]] = archive
		} else if b := pyAsName.FindStringSubmatch(rest); b != nil {
			bound[b[1]] = archive
		}
	}
	if len(bound) > 0 {
		for _, m := range pyExtractCall.FindAllStringSubmatchIndex(f, 32) {
			i := m[0]
			for i > 0 && (isIdentByte(f[i-1]) || f[i-1] == '.') {
				i--
			}
			if archive, ok := bound[f[i:m[0]]]; ok {
				u.pyExtract(archive, f[m[2]:m[3]], callArgs(f[m[1]:]), m[0])
			}
		}
	}
	for _, m := range pyUnpackArchive.FindAllStringIndex(f, 16) {
		args := callArgs(f[m[1]:])
		archive := pyArchiveArg(args, "filename")
		if archive == "" || !u.downloaded(archive, false) {
			continue
		}
		dest := ""
		if len(args) > 1 {
			if _, _, kw := pyKwarg(args[1]); !kw {
				dest = args[1]
			}
		}
		for _, a := range args {
			if n, v, kw := pyKwarg(a); kw && n == "extract_dir" {
				dest = v
			}
		}
		u.addDest(dest, false, m[0])
	}
}

// pyArchiveArg returns a call's first positional argument, or the value
// of the first of keys given by name.
func pyArchiveArg(args []string, keys ...string) string {
	for _, a := range args {
		n, v, kw := pyKwarg(a)
		if !kw {
			return a
		}
		for _, k := range keys {
			if n == k {
				return v
			}
		}
	}
	return ""
}

// pyExtract reads one extraction (method extractall or extract, with
// args) of an archive opened from expression archive, at offset at.
func (u *codeUnpack) pyExtract(archive, method string, args []string, at int) {
	if !u.downloaded(archive, false) {
		return
	}
	var pos []string
	dest := ""
	for _, a := range args {
		if n, v, kw := pyKwarg(a); kw {
			if n == "path" {
				dest = v
			}
			continue
		}
		pos = append(pos, a)
	}
	k := 0
	if method == "extract" {
		k = 1 // extract(member, path)
	}
	if dest == "" && len(pos) > k {
		dest = pos[k]
	}
	u.addDest(dest, false, at)
}

// jsExtractions reads JavaScript's unpacking calls: node-tar and
// unzipper given a file or a stream piped into them, AdmZip,
// extract-zip and decompress.
func (u *codeUnpack) jsExtractions() {
	f := u.f
	for _, m := range jsStreamExtract.FindAllStringSubmatchIndex(f, 32) {
		open := strings.LastIndexByte(f[:m[1]], '{')
		archive, dest := "", ""
		for _, e := range callArgs(f[open+1:]) {
			switch k, v := jsProp(e); k {
			case "file", "f":
				archive = v
			case "cwd", "C", "path", "dir":
				dest = v
			}
		}
		if archive != "" {
			if u.downloaded(archive, false) {
				u.addDest(dest, false, m[0])
			}
			continue
		}
		if strings.HasSuffix(strings.TrimRight(f[:m[0]], " \t\n"), ".pipe(") && u.jsStreamFromNetwork(m[0]) {
			u.addDest(dest, false, m[0])
		}
	}
	bound := map[string]string{}
	for _, m := range jsAdmZip.FindAllStringIndex(f, 16) {
		end := pyCloseAt(f, m[1]-1)
		args := callArgs(f[m[1]:])
		if end < 0 || len(args) == 0 {
			continue
		}
		if rest := f[end+1:]; strings.HasPrefix(rest, ".extractAllTo(") {
			if a := callArgs(rest[len(".extractAllTo("):]); len(a) > 0 && u.downloaded(args[0], false) {
				u.addDest(a[0], false, end)
			}
			continue
		}
		ls := max(strings.LastIndexAny(f[:m[0]], "\n;"), 0)
		if b := jsBinding.FindStringSubmatch(f[ls:m[0]]); b != nil {
			bound[b[1]] = args[0]
		}
	}
	if len(bound) > 0 {
		for _, m := range jsExtractAllTo.FindAllStringIndex(f, 16) {
			i := m[0]
			for i > 0 && (isIdentByte(f[i-1]) || f[i-1] == '$') {
				i--
			}
			if archive, ok := bound[f[i:m[0]]]; ok && u.downloaded(archive, false) {
				if a := callArgs(f[m[1]:]); len(a) > 0 {
					u.addDest(a[0], false, m[0])
				}
			}
		}
	}
	for _, m := range jsFileExtract.FindAllStringIndex(f, 16) {
		args := callArgs(f[m[1]-1:])
		if len(args) < 2 || !u.downloaded(args[0], false) {
			continue
		}
		dest := args[1]
		if strings.HasPrefix(dest, "{") {
			dest = ""
			for _, e := range callArgs(args[1][1:]) {
				if k, v := jsProp(e); k == "dir" {
					dest = v
				}
			}
			if dest == "" {
				continue
			}
		}
		u.addDest(dest, false, m[0])
	}
}

// jsProp splits a property of an object literal into its key (quotes
// removed) and value; a shorthand property ({ file, cwd }) is its own
// value.
func jsProp(e string) (key, value string) {
	k, v, ok := strings.Cut(e, ":")
	if !ok {
		v = k
	}
	return strings.Trim(strings.TrimSpace(k), `'"`), strings.TrimSpace(v)
}

// jsBinding is the text before an expression bound to a name: group 1.
var jsBinding = lazyRE(`(?:\b(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?$`)

// jsStreamFromNetwork reports whether the stream piped into the
// extraction at offset at comes from the network: the statement it ends
// (up to 600 bytes back) reads no local file the script did not write
// (fs.createReadStream of a shipped archive) and names a response.
func (u *codeUnpack) jsStreamFromNetwork(at int) bool {
	s := u.f[max(0, at-600):at]
	if i := strings.LastIndexAny(s, ";"); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.Index(s, "createReadStream("); i >= 0 {
		a := callArgs(s[i+len("createReadStream("):])
		return len(a) > 0 && jsMentions(a[0], u.files)
	}
	return mentionsAny(s, u.answers()) || jsAnswer.MatchString(s) || jsNet.MatchString(s) || jsResponseName.MatchString(s)
}

// jsResponseName is a stream named as a response (a request callback's
// parameter: https.get(u, (res) => res.pipe(…))).
var jsResponseName = lazyRE(`(?:^|[^\w$.])(?:res|resp|response)\s*\.pipe\(`)

// renderExpr renders expression e of a JavaScript (js) or Python script
// as the text it builds: a string literal as its text, an f-string or a
// template with its fields as {expr}, literals and expressions joined
// with +, Python's .format and % filled, a path joined (os.path.join,
// path.join, join, path.resolve, pathlib's /) with slashes, str(),
// Path() and String() as their argument; any other expression is {e}.
func renderExpr(e string, js bool) string {
	return renderDepth(strings.TrimSpace(e), js, 0)
}

func renderDepth(e string, js bool, depth int) string {
	if e == "" {
		return ""
	}
	if depth > 6 || len(e) > 2000 {
		return "{" + e + "}"
	}
	if k := topLevel(e, '+'); k > 0 {
		return renderDepth(strings.TrimSpace(e[:k]), js, depth+1) + renderDepth(strings.TrimSpace(e[k+1:]), js, depth+1)
	}
	if js {
		if (e[0] == '\'' || e[0] == '"' || e[0] == '`') && stringEnd(e, 0, e[0] != '`') == len(e)-1 {
			body := e[1 : len(e)-1]
			if e[0] == '`' {
				body = strings.ReplaceAll(body, "${", "{")
			}
			return body
		}
	} else if end, prefix, body := pyLitEnd(e); end > 0 {
		rest := strings.TrimSpace(e[end:])
		switch {
		case rest == "":
			return body
		case strings.HasPrefix(rest, ".format(") && pyCloseAt(rest, 7) == len(rest)-1 && !strings.Contains(prefix, "f"):
			return pyFillFormat(body, callArgs(rest[8:]), depth)
		case strings.HasPrefix(rest, "%") && !strings.Contains(prefix, "f"):
			x := strings.TrimSpace(rest[1:])
			args := []string{x}
			if strings.HasPrefix(x, "(") && pyCloseAt(x, 0) == len(x)-1 {
				args = callArgs(x[1:])
			}
			return pyFillPercent(body, args, depth)
		}
	}
	if !js {
		if k := topLevel(e, '/'); k > 0 && !strings.HasPrefix(e[k:], "//") {
			return renderDepth(strings.TrimSpace(e[:k]), js, depth+1) + "/" + renderDepth(strings.TrimSpace(e[k+1:]), js, depth+1)
		}
	}
	if open := strings.IndexByte(e, '('); open > 0 && pyCloseAt(e, open) == len(e)-1 {
		args := callArgs(e[open+1:])
		switch e[:open] {
		case "os.path.join", "posixpath.join", "path.join", "join", "path.resolve", "resolve", "path.posix.join":
			parts := make([]string, 0, len(args))
			for _, a := range args {
				parts = append(parts, renderDepth(a, js, depth+1))
			}
			return strings.Join(parts, "/")
		case "str", "Path", "pathlib.Path", "PurePath", "os.fspath", "String", "os.path.abspath", "os.path.normpath", "os.path.realpath", "os.path.expanduser":
			if len(args) == 1 {
				return renderDepth(args[0], js, depth+1)
			}
		}
	}
	return "{" + e + "}"
}

// pyFillFormat fills a literal's {} fields with the rendered arguments
// of its .format call (positional by order or index, or by name).
func pyFillFormat(body string, args []string, depth int) string {
	var sb strings.Builder
	next := 0
	for i := 0; i < len(body); i++ {
		if body[i] != '{' {
			sb.WriteByte(body[i])
			continue
		}
		j := strings.IndexByte(body[i:], '}')
		if j < 0 {
			sb.WriteString(body[i:])
			break
		}
		field := body[i+1 : i+j]
		val := ""
		switch {
		case field == "":
			if next < len(args) {
				val = args[next]
			}
			next++
		case field[0] >= '0' && field[0] <= '9':
			if n := int(field[0] - '0'); len(field) == 1 && n < len(args) {
				val = args[n]
			}
		default:
			for _, a := range args {
				if n, v, kw := pyKwarg(a); kw && n == field {
					val = v
				}
			}
		}
		if val == "" {
			sb.WriteString("{" + field + "}")
		} else {
			sb.WriteString(renderDepth(val, false, depth+1))
		}
		i += j
	}
	return sb.String()
}

// pyFillPercent fills a literal's %s fields with the rendered arguments
// of its % operator, in order.
func pyFillPercent(body string, args []string, depth int) string {
	var sb strings.Builder
	next := 0
	for i := 0; i < len(body); i++ {
		if body[i] == '%' && i+1 < len(body) && body[i+1] == 's' && next < len(args) {
			sb.WriteString(renderDepth(args[next], false, depth+1))
			next++
			i++
			continue
		}
		sb.WriteByte(body[i])
	}
	return sb.String()
}

// shellSegments splits a rendered command line into its simple commands
// (at ;, &, |, parentheses and newlines) and each into words (at blanks,
// quotes removed; a {field} is kept whole).
func shellSegments(text string) [][]string {
	var segs [][]string
	var words []string
	var cur strings.Builder
	depth, quote := 0, byte(0)
	word := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	seg := func() {
		word()
		if len(words) > 0 {
			segs = append(segs, words)
			words = nil
		}
	}
	for i := 0; i < len(text) && len(segs) < 64; i++ {
		ch := text[i]
		switch {
		case depth > 0:
			cur.WriteByte(ch)
			if ch == '{' {
				depth++
			} else if ch == '}' {
				depth--
			}
		case ch == '{':
			depth++
			cur.WriteByte(ch)
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				cur.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == ' ' || ch == '\t':
			word()
		case ch == '\n' || ch == ';' || ch == '|' || ch == '&' || ch == '(' || ch == ')':
			seg()
		default:
			cur.WriteByte(ch)
		}
	}
	seg()
	return segs
}

// codeCommand returns what a process call (name, args) of the script
// runs as simple commands of rendered words: a command line (a shell's
// string, shell=True, sh -c LINE) split at its operators, or the argv
// as one command. shell is set for a call whose string is a command line
// (os.system, exec).
func codeCommand(args []string, shell, js bool) (segs [][]string, line bool) {
	var pos []string
	for _, a := range args {
		if !js {
			if n, v, kw := pyKwarg(a); kw {
				shell = shell || n == "shell" && v == "True"
				continue
			}
		}
		pos = append(pos, strings.TrimSpace(a))
	}
	if len(pos) == 0 || js && strings.HasPrefix(pos[0], "{") {
		return nil, false
	}
	list := strings.HasPrefix(pos[0], "[") || !js && strings.HasPrefix(pos[0], "(")
	if shell && !list {
		return shellSegments(renderExpr(pos[0], js)), true
	}
	var elems []string
	if list {
		elems = callArgs(pos[0][1:])
	} else {
		elems = []string{pos[0]}
		if js && len(pos) > 1 && strings.HasPrefix(pos[1], "[") {
			elems = append(elems, callArgs(pos[1][1:])...)
		}
	}
	words := make([]string, 0, len(elems))
	for _, e := range elems {
		words = append(words, renderExpr(e, js))
	}
	if len(words) >= 3 && isShell(commandName(words[0])) && pyInlineFlag()[words[1]] {
		return shellSegments(words[2]), true
	}
	return [][]string{words}, false
}

// walk reads the simple commands of one process call in order: an
// unpacking of a downloaded archive (also one a fetch of the same line
// saved, or pipes in) adds its folder; a cd into one makes relative
// paths its own. It reports whether it runs a file from an unpacked
// folder, and the text of its commands other than those of an archive
// program (tar, unzip, 7z: they name an archive to unpack, list or
// make, not to run).
func (u *codeUnpack) walk(segs [][]string, cwd bool, at int) (runs bool, other string) {
	fetched := false
	saved := map[string]bool{}
	for _, seg := range segs {
		words := seg
		for len(words) > 0 && (wrappers()[commandName(words[0])] || strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "{")) {
			words = words[1:]
			for len(words) > 1 && strings.HasPrefix(words[0], "-") {
				words = words[1:]
			}
		}
		if len(words) == 0 {
			continue
		}
		c := call{name: commandName(words[0]), args: words[1:]}
		if fetchers()[c.name] {
			fetched = true
			for i, a := range c.args {
				if outputFlag(a) && i+1 < len(c.args) {
					saved[normPath(c.args[i+1])] = true
				}
			}
		}
		if archive, dest, ok := unpackArgs(c); ok && (archive == "-" && fetched || archive != "-" && (saved[normPath(archive)] || u.downloaded(archive, true))) {
			u.addDest(dest, true, at)
			if d := normPath(dest); d == "." || d == "" {
				cwd = true
			}
			continue
		}
		if archivePrograms()[c.name] {
			continue
		}
		other += " " + strings.Join(words, " ")
		if c.name == "cd" || c.name == "pushd" {
			cwd = len(c.args) > 0 && (u.holdsWord(c.args[0]) || cwd && relPath(c.args[0]))
			continue
		}
		runs = runs || u.runsWords(c, words, cwd)
	}
	return runs, other
}

// archivePrograms make, list and unpack archives.
var archivePrograms = lazySet("tar", "gtar", "bsdtar", "unzip", "zip", "7z", "7za", "7zz", "7zr")

// runsWords reports whether simple command c (its rendered words) runs a
// file under an unpacked folder: its program a path there, or a relative
// path while the working folder is one (cwd), or the script a shell or
// interpreter is given.
func (u *codeUnpack) runsWords(c call, words []string, cwd bool) bool {
	prog := words[0]
	field := strings.HasPrefix(prog, "{")
	if (field || strings.Contains(prog, "/")) && u.holdsWord(prog) || cwd && strings.Contains(prog, "/") && relPath(prog) {
		return true
	}
	interp := interpreters()[c.name] || prog == "{sys.executable}" || prog == "{process.execPath}"
	if field && !interp {
		interp = u.interp[strings.TrimSuffix(prog[1:], "}")]
	}
	if !interp {
		return false
	}
	for _, a := range c.args {
		switch {
		case a == "-c" || a == "-e" || a == "-m" || a == "-r" || a == "--eval" || a == "-E" || a == "-Command":
			return false // the program is given inline, or is a module
		case strings.HasPrefix(a, "-"):
			continue
		}
		return u.holdsWord(a) || cwd && relPath(a) && !strings.HasPrefix(a, "{")
	}
	return false
}

// cwdIn reports whether a process call at offset at with args runs in
// an unpacked folder: its cwd= (Python) or { cwd: … } (JavaScript) option
// names one, the script changed into one before it (os.chdir,
// process.chdir), or unpacked an archive into its working folder before
// it.
func (u *codeUnpack) cwdIn(at int, args []string) bool {
	if !u.any() {
		return false
	}
	if u.cwdAt >= 0 && u.cwdAt < at {
		return true
	}
	for _, a := range args {
		if !u.js {
			if n, v, kw := pyKwarg(a); kw && n == "cwd" && u.holds(v) {
				return true
			}
			continue
		}
		if strings.HasPrefix(a, "{") {
			for _, e := range callArgs(a[1:]) {
				if k, v := jsProp(e); k == "cwd" && u.holds(v) {
					return true
				}
			}
		}
	}
	if u.chdirs == nil {
		u.chdirs = codeChdir.FindAllStringIndex(u.f, 8)
		if u.chdirs == nil {
			u.chdirs = [][]int{}
		}
	}
	for _, m := range u.chdirs {
		if a := callArgs(u.f[m[1]:]); m[0] < at && len(a) > 0 && u.holds(a[0]) {
			return true
		}
	}
	return false
}
