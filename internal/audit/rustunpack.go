package audit

import (
	"sort"
	"strings"
)

// Archives a Rust file unpacks in-process, for the download-then-run
// reading of rustexec.go. A build script need not write a download to a
// file and start tar: the tar crate (tar::Archive::new(..).unpack(dir),
// an entry's unpack_in(dir)), the zip crate (ZipArchive::new(..)
// .extract(dir)), zip_extract::extract, sevenz_rust::decompress and
// compress_tools::uncompress_archive unpack what a server sent straight
// from memory or from a stream (flate2's GzDecoder over the buffer a
// reader filled, ureq's into_reader), and a later sh of dir.join(
// "install.sh") runs a file the server chose, as the shell's
// curl … | tar -xz -C dir; sh dir/install.sh does. Each such unpack
// reads as that shell: curl -o of a name standing for the download at the
// line the download is first named (so a digest check of the buffer
// against a pinned digest that stops the build, read by rustDigestChecks,
// stands between the download and its unpack, as sha256sum -c does),
// and tar -xf of it into the folder at the unpack's line; an archive
// opened from a path the file downloaded to (File::open(&tgz)) reads as
// tar -xf of that path. The file's functions are read at each call: an
// unpack of a parameter into another (fn unpack(data: &[u8], dir:
// &Path)) unpacks the call's download into the call's folder, and a
// command naming a parameter (fn install(dir: &Path) { Command::new("sh")
// .arg(dir.join("install.sh")) }) runs with the call's argument in its
// place. A folder or archive the crate ships, unpacked and run, reads as
// no download and is not a finding.

var (
	// rustArchiveUse is a use of an archive crate: the unpack methods
	// below are read only in a file that has one.
	rustArchiveUse = lazyRE(`\b(?:tar|async_tar|tokio_tar|zip|sevenz_rust|zip_extract|compress_tools|flate2|xz2|zstd|bzip2)::|\b(?:Archive|ZipArchive)::new\b`)
	// rustUnpackMethod unpacks its receiver into the folder its first
	// argument names; the receiver ends at the match's start.
	rustUnpackMethod = lazyRE(`\.\s*(?:unpack|unpack_in|extract)\s*\(`)
	// rustUnpackFn unpacks its first argument (a reader, or a path for
	// decompress_file) into the folder its second argument names.
	rustUnpackFn = lazyRE(`\b(?:zip_extract::extract|sevenz_rust::decompress(?:_file)?|compress_tools::(?:uncompress_archive|uncompress_archive_with_encoding))\s*\(`)
	// rustFileOpen opens a file for reading: its path at the match's end.
	rustFileOpen = lazyRE(`\b(?:(?:std|tokio)::)?(?:fs::)?File::open\s*\(`)
)

// rustUnpack is one archive a Rust file unpacks: the offset of the
// unpacking call, the expression the archive is read from, and the
// expression naming the folder.
type rustUnpack struct {
	at        int
	src, dest string
}

// maxRustUnpacks bounds the unpacks read in one file.
const maxRustUnpacks = 32

// rustUnpacks returns the archives c (a Rust file, comments blanked)
// unpacks, in file order.
func rustUnpacks(c string) []rustUnpack {
	if !rustArchiveUse.MatchString(c) {
		return nil
	}
	var out []rustUnpack
	for _, m := range rustUnpackMethod.FindAllStringIndex(c, maxRustUnpacks) {
		a := callArgs(c[m[1]:])
		if len(a) == 0 {
			continue
		}
		out = append(out, rustUnpack{at: m[0], src: c[rustStmtStart(c, m[0]):m[0]], dest: a[0]})
	}
	for _, m := range rustUnpackFn.FindAllStringIndex(c, maxRustUnpacks) {
		if a := callArgs(c[m[1]:]); len(a) >= 2 {
			out = append(out, rustUnpack{at: m[0], src: a[0], dest: a[1]})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// maxRustAncestors bounds the names rustAncestors follows.
const maxRustAncestors = 32

// rustAncestors returns the names expression e is computed from: those
// it mentions and, through the file's bindings (res), those their values
// mention, nearest first (gz, then the buf a GzDecoder::new(&buf[..])
// reads).
func rustAncestors(res *rustResolver, e string) []string {
	seen := map[string]bool{}
	var out []string
	queue := []string{e}
	for len(queue) > 0 && len(out) < maxRustAncestors {
		x := queue[0]
		queue = queue[1:]
		for _, loc := range jsIdent.FindAllStringIndex(x, 64) {
			id := x[loc[0]:loc[1]]
			if seen[id] || loc[0] > 0 && (x[loc[0]-1] == '.' || x[loc[0]-1] == ':') {
				continue
			}
			seen[id] = true
			if v, ok := res.binds[id]; ok {
				out = append(out, id)
				queue = append(queue, v)
			} else if isIdent(id) && id[0] >= 'a' && id[0] <= 'z' {
				out = append(out, id)
			}
		}
	}
	return out
}

// rustOpenedPath returns the shell word of the path expression e reads
// an archive from when it opens a file (File::open(p), directly or
// through a name bound to one), else "".
func rustOpenedPath(res *rustResolver, e string) string {
	try := func(x string) string {
		if m := rustFileOpen.FindStringIndex(x); m != nil {
			if a := callArgs(x[m[1]:]); len(a) > 0 {
				return res.word(a[0])
			}
		}
		return ""
	}
	if p := try(e); p != "" {
		return p
	}
	for _, id := range rustAncestors(res, e) {
		if p := try(res.binds[id]); p != "" {
			return p
		}
	}
	return ""
}

// rustUnpackLines returns, by 0-based line, the shell the unpacks of c
// read as (see above): curl -o of the download's stand-in at the line it
// is first named and tar -xf of it at the unpack, or tar -xf of a path a
// download was written to (dlPaths). The names holding the download are
// added to written with the stand-in's word, for the digest checks.
func rustUnpackLines(c string, li lineIndex, net *rustNet, dlPaths map[string]bool, written map[string]string) map[int][]string {
	out := map[int][]string{}
	add := func(ln int, s string) { out[ln] = append(out[ln], s) }
	ups := rustUnpacks(c)
	if len(ups) == 0 {
		return out
	}
	res := net.res
	// unpack reads one unpack of src into the folder word dest at
	// offset at (its line), with the download first named at from.
	unpack := func(at int, src, dest string) bool {
		if p := rustOpenedPath(res, src); p != "" {
			if dlPaths[p] {
				add(li.line(at)-1, "tar -xf "+p+" -C "+rustShellWord(dest))
				return true
			}
			return false
		}
		if !net.source(src) {
			return false
		}
		root, from := "download", at
		for _, id := range rustAncestors(res, src) {
			if net.names[id] {
				root = id
			}
		}
		if root != "download" {
			if i := wordIndex(c, root, 0); i >= 0 && i < at {
				from = i
			}
			for _, id := range rustAncestors(res, src) {
				if net.names[id] {
					written[id] = "$" + root
				}
			}
			written[root] = "$" + root
		}
		add(li.line(from)-1, `curl -fsSL "$URL" -o $`+root)
		add(li.line(at)-1, "tar -xf $"+root+" -C "+rustShellWord(dest))
		return true
	}
	fns := rustFnAny.FindAllStringSubmatchIndex(c, 256)
	for _, u := range ups {
		if unpack(u.at, u.src, res.word(u.dest)) {
			continue
		}
		// An unpack of a parameter of the function it stands in: read at
		// each call, with the call's arguments in the parameters' place.
		for _, fm := range fns {
			end := rustSkipCall(c, fm[1])
			if u.at < fm[1] || u.at >= end {
				continue
			}
			params := rustParams(c[fm[4]:fm[5]])
			src := -1
			for _, id := range append([]string{strings.TrimSpace(u.src)}, rustAncestors(res, u.src)...) {
				if i, ok := params[id]; ok {
					src = i
					break
				}
			}
			if src < 0 {
				break
			}
			for _, call := range rustCallsOf(c, c[fm[2]:fm[3]], fm[0], end) {
				if len(call.args) > src {
					dest := rustSubstParams(res.word(u.dest), params, call.args, res)
					unpack(call.at, call.args[src], dest)
				}
			}
			break
		}
	}
	return out
}

// rustShellWord quotes a resolved literal word for the shell reading; a
// word that starts with a variable stays as it is.
func rustShellWord(w string) string {
	if strings.HasPrefix(w, "$") {
		return w
	}
	return shellQuote(w)
}

// rustParams returns a function's parameter names by position, from the
// text between its parentheses.
func rustParams(ps string) map[string]int {
	for range 4 {
		ps = rustGenerics.ReplaceAllString(ps, "")
	}
	idx := map[string]int{}
	for i, p := range strings.Split(ps, ",") {
		if pm := rustParamName.FindStringSubmatch(p); pm != nil {
			idx[pm[1]] = i
		}
	}
	return idx
}

// rustCall is one call of a function of the file: its offset and its
// argument expressions.
type rustCall struct {
	at   int
	args []string
}

// rustCallsOf returns the calls of the function name in c outside its
// own body (declared at c[declAt:end]); a method of that name called on
// a receiver (x.name(..)) is another function.
func rustCallsOf(c, name string, declAt, end int) []rustCall {
	var out []rustCall
	for at := wordIndex(c, name, 0); at >= 0 && len(out) < 32; at = wordIndex(c, name, at+len(name)) {
		rest := c[at+len(name):]
		if at >= declAt && at < end || at > 0 && c[at-1] == '.' || !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "(") {
			continue
		}
		open := at + len(name) + strings.IndexByte(rest, '(') + 1
		out = append(out, rustCall{at: at, args: callArgs(c[open:])})
	}
	return out
}

// rustSubstParams puts the call's arguments (read through res) in place
// of the parameters a word starts with ($dir, $dir/install.sh).
func rustSubstParams(w string, params map[string]int, args []string, res *rustResolver) string {
	if !strings.HasPrefix(w, "$") {
		return w
	}
	name := w[1:]
	rest := ""
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name, rest = name[:i], name[i:]
	}
	i, ok := params[name]
	if !ok || i >= len(args) {
		return w
	}
	base := res.word(args[i])
	if base == "$ARG" {
		return w
	}
	return strings.TrimSuffix(base, "/") + rest
}

// rustFnCommandLines returns, by 0-based line, the commands started in
// the file's functions that name a parameter (a word $p or $p/…), read
// again at each call of the function with the call's arguments in the
// parameters' place (see above).
func rustFnCommandLines(c string, li lineIndex, cmds []*rustCmd, res *rustResolver) map[int][]string {
	out := map[int][]string{}
	for _, fm := range rustFnAny.FindAllStringSubmatchIndex(c, 256) {
		end := rustSkipCall(c, fm[1])
		var inside []*rustCmd
		for _, b := range cmds {
			if b.at >= fm[1] && b.at < end {
				inside = append(inside, b)
			}
		}
		if len(inside) == 0 {
			continue
		}
		params := rustParams(c[fm[4]:fm[5]])
		if len(params) == 0 {
			continue
		}
		calls := rustCallsOf(c, c[fm[2]:fm[3]], fm[0], end)
		for _, b := range inside {
			for _, call := range calls {
				words := make([]string, len(b.words))
				changed := false
				for i, w := range b.words {
					words[i] = rustSubstParams(w, params, call.args, res)
					changed = changed || words[i] != w
				}
				if changed {
					cp := *b
					cp.words, cp.from, cp.fromNet = words, nil, false
					out[li.line(call.at)-1] = append(out[li.line(call.at)-1], cp.shell(0))
				}
			}
		}
	}
	return out
}
