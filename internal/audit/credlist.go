package audit

import (
	"context"
	"path"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Rule credential-exfil across the files of one program: a script that
// loads a data file of its skill (JSON, YAML, TOML, INI, TSV, CSV, a
// PowerShell .psd1 read with Import-PowerShellDataFile, a plain list) which lists credential files (~/.aws/credentials, an SSO
// cache folder, .npmrc, .docker/config.json, a home-relative
// .config/gh/hosts.yml the script joins to $HOME), reads files, and sends
// data over the network, in itself or in a script it sources or imports
// by name (. lib.sh, import helpers), reads those credentials and sends
// them as surely as a script naming them in its own text: moving the
// paths into a data file hides them from a scan of the script alone.
// Moving the loading into a module the script imports (a Lua plugin's
// util.load_config reading config/cfgsync.json, while init.lua reads
// what it lists and hands it to curl) hides them one step further, so a
// data file a linked script names is linked too (linkedFile.via) and
// reported at the line bringing in that script.
// Critical, at the line of the script that names the data file; medium
// when every listed file stands under a key naming a file to log in with
// (identity_file: ~/.ssh/deploy), which a deploy script hands to its SSH
// client. A data file that lists credentials for a script that sends
// nothing (a permission checker), or lists them to leave alone
// (exclude:, deny_read), is not reported.

// linkedFile is a file of the skill that a script names by its base
// name: a data file it loads or a script it sources or imports.
type linkedFile struct {
	rel, text string
	data      bool // a data file (else a script)
	// goPkg is the import path of a .go file's package, linked as part
	// of a Go file's program (gomodule.go), "." for the linking file's
	// own package; "" for every other link.
	goPkg string
	// via is the linked script (a module the file imports, a script it
	// sources) that names this data file, "" when the file names it
	// itself. Only the listed-credential rule reads such a file: the
	// module loads the list and the file reads and sends what it lists
	// (lua/cfgsync/init.lua requiring cfgsync.util, whose load_config
	// reads config/cfgsync.json).
	via string
	// caller is set for a data file named by a program that imports the
	// linking file (callerDataOf), via naming that program: the program
	// hands the module the file's path (finalize(conf =>
	// "config/split.conf")).
	caller bool
	// goEmbed marks a file a Go file's program may read as text (a
	// template it parses, a file it embeds or reads: goembed.go), linked
	// after its Go files; only goprogram.go reads it.
	goEmbed bool
	// values, when set, are the data file's strings as its language's
	// loader hands them to the code (an Elixir config's entries:
	// elixirconfig.go); dataStrings returns them instead of parsing text.
	values []string
	// key, when set, is the key the script fetches (data.fetch("k"))
	// that linked this data file, which it does not name (keyDataOf,
	// credlistkey.go); values are the strings under that key.
	key string
}

// maxLinked bounds the files read for one script.
const maxLinked = 8

// isDataExt reports whether ext (lower-case, with its dot) is that of a
// file a script loads as data (.psd1: PowerShell's data file, a hashtable
// literal Import-PowerShellDataFile evaluates without running code).
func isDataExt(ext string) bool {
	switch ext {
	case ".json", ".jsonc", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".tsv", ".csv", ".txt", ".list", ".lst", ".psd1", ".rules":
		return true
	}
	return false
}

// erlangTermExts are the files Erlang programs load as data with
// file:consult (a list of terms: {key, "value"}.): provenance.config,
// sys.config, settings.term. To an Erlang script such a file is what a
// JSON file is to a Python one, so a list of credential files moved into
// it is linked like one (scanListedCreds); other languages' .config files
// (XML settings) are not read as data.
var erlangTermExts = lazySet(".config", ".term", ".terms", ".eterm")

// readLinks reads, in files' order, the skill's files other than rel
// that pick selects by path, as the audit reads every file
// (readForAudit; one it cannot read is skipped), and returns the linked
// file link makes of each (nil skips it), at most room of them: the
// loop the linkers below share.
func readLinks(ctx context.Context, src Source, s index.Skill, rel string, files []string, room int, pick func(f string) bool, link func(f, text string) *linkedFile) []linkedFile {
	var out []linkedFile
	for _, f := range files {
		if len(out) >= room {
			break
		}
		if f == rel || !pick(f) {
			continue
		}
		if text, err := readForAudit(ctx, src, s, f); err == nil {
			if l := link(f, text); l != nil {
				out = append(out, *l)
			}
		}
	}
	return out
}

// linkedOf returns the files of the skill that the script rel (content)
// names by base name, read as the audit reads every file, at most
// maxLinked, then for a Go file the files of its program (goLinkedOf)
// and the files that program may read as text (goEmbedLinkedOf); nil
// when rel is no script. Their hashes (and a Go file's package) are
// part of the script's cache key, so a changed data file ranks the
// script again.
func linkedOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if vars := ansibleVarsOf(ctx, src, s, rel, content, files); vars != nil {
		return vars
	}
	if progs := terraformProgramsOf(ctx, src, s, rel, content, files); progs != nil {
		return progs
	}
	if opts := mesonOptionsOf(ctx, src, s, rel, content, files); opts != nil {
		return opts
	}
	if helpers := hygenHelpersOf(ctx, src, s, rel, content, files); helpers != nil {
		return helpers
	}
	if !isProgram(rel, content) {
		return nil
	}
	shebang, _, _ := strings.Cut(content, "\n")
	if !strings.HasPrefix(shebang, "#!") {
		shebang = ""
	}
	erl := isErlang(strings.ToLower(path.Ext(rel)), shebang)
	isData := func(f string) bool {
		ext := strings.ToLower(path.Ext(f))
		return isDataExt(ext) || erl && erlangTermExts()[ext]
	}
	out := readLinks(ctx, src, s, rel, files, maxLinked, func(f string) bool {
		base := path.Base(f)
		data := isData(base)
		return len(base) >= 4 && (data || isProgram(f, "")) && (namesFile(content, base) || !data && importsModule(rel, content, f))
	}, func(f, text string) *linkedFile {
		return &linkedFile{rel: f, text: text, data: isData(f)}
	})
	out = append(out, viaLinkedOf(ctx, src, s, rel, files, out)...)
	out = append(out, callerDataOf(ctx, src, s, rel, content, files, out)...)
	out = append(out, goLinkedOf(ctx, src, s, rel, content, files, out)...)
	out = append(out, elixirConfigOf(ctx, src, s, rel, content, files, out)...)
	out = append(out, keyDataOf(ctx, src, s, rel, content, files, out)...)
	return append(out, goEmbedLinkedOf(ctx, src, s, rel, content, files, out)...)
}

// callerDataOf returns, for a module that removes folders under home
// (treeRemoval and homeJoin in content: the only reader of these links
// is scanDataWipe), the data files named by the programs of the skill
// that import it and that rel does not name, each with via set to the
// importing program and caller set, up to maxLinked links in all. The
// program passes the path and the module removes what it lists.
func callerDataOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string, linked []linkedFile) []linkedFile {
	if !treeRemoval.MatchString(content) || !homeJoin.MatchString(content) {
		return nil
	}
	have := map[string]bool{rel: true}
	for _, l := range linked {
		have[l.rel] = true
	}
	var out []linkedFile
	for _, f := range files {
		if f == rel || len(linked)+len(out) >= maxLinked || isDataExt(strings.ToLower(path.Ext(f))) || !isProgram(f, "") {
			continue
		}
		text, err := readForAudit(ctx, src, s, f)
		if err != nil || !importsModule(f, text, rel) {
			continue
		}
		for _, d := range files {
			base := path.Base(d)
			if have[d] || len(linked)+len(out) >= maxLinked || len(base) < 4 || !isDataExt(strings.ToLower(path.Ext(base))) || !namesFile(text, base) {
				continue
			}
			if dt, err := readForAudit(ctx, src, s, d); err == nil {
				have[d] = true
				out = append(out, linkedFile{rel: d, text: dt, data: true, via: f, caller: true})
			}
		}
	}
	return out
}

// viaLinkedOf returns the data files of the skill that the scripts of
// linked (the files rel names or imports) name and rel does not, each
// with via set to the script naming it, up to maxLinked links in all.
func viaLinkedOf(ctx context.Context, src Source, s index.Skill, rel string, files []string, linked []linkedFile) []linkedFile {
	have := map[string]bool{rel: true}
	for _, l := range linked {
		have[l.rel] = true
	}
	var out []linkedFile
	for _, l := range linked {
		if l.data {
			continue
		}
		for _, f := range files {
			if have[f] || len(linked)+len(out) >= maxLinked {
				continue
			}
			base := path.Base(f)
			if len(base) < 4 || !isDataExt(strings.ToLower(path.Ext(base))) || !namesFile(l.text, base) {
				continue
			}
			if text, err := readForAudit(ctx, src, s, f); err == nil {
				have[f] = true
				out = append(out, linkedFile{rel: f, text: text, data: true, via: l.rel})
			}
		}
	}
	return out
}

// nonGoLinks returns linked less the files of a Go program
// (linkedFile.goPkg) and those it reads (linkedFile.goEmbed):
// goprogram.go reads a Go program by what it calls, not as one text.
func nonGoLinks(linked []linkedFile) []linkedFile {
	for i, l := range linked {
		if l.goPkg != "" || l.goEmbed {
			// goLinkedOf and goEmbedLinkedOf append them after the others
			return linked[:i:i]
		}
	}
	return linked
}

// isProgram reports whether rel (with content, "" when unread) is a
// script or a Makefile the audit reads as code.
func isProgram(rel, content string) bool {
	switch kindOf(rel, content) {
	case kindShell, kindPython, kindJS, kindPowerShell, kindMake:
		return true
	}
	if content != "" && isRubyScript(rel, content) {
		return true
	}
	return otherCode()[strings.ToLower(path.Ext(readRel(rel, content)))]
}

// namesFile reports whether text names the file base: base not preceded
// by a letter, digit, '_', '-' or '.' (mylib.sh does not name lib.sh) and
// not followed by one of those.
func namesFile(text, base string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], base)
		if i < 0 {
			return false
		}
		i += off
		j := i + len(base)
		before := i == 0 || !nameByte(text[i-1])
		after := j == len(text) || !nameByte(text[j]) || text[j] == '.' && (j+1 == len(text) || !isIdentByte(text[j+1]))
		if before && after {
			return true
		}
		off = i + 1
	}
}

func nameByte(b byte) bool { return isIdentByte(b) && b != '$' || b == '-' || b == '.' }

// listedCreds returns the credential paths a data file lists: a token
// naming one from home (~/.aws/credentials, $HOME/.ssh), or, when home
// is true (the program joins paths to the home folder), a home-relative
// one (.config/gh/hosts.yml, .npmrc). login is set when every one stands
// on a line whose key names a file to log in with (identity_file,
// key_filename, kubeconfig): as with ssh -i, the program may only hand it
// to a client.
func listedCreds(text string, home bool) (out []string, login bool) {
	if !mayBeCred(text) && !strings.Contains(text, "credentials") && !winCredStoreHint(text) {
		return nil, false
	}
	login = true
	seen := map[string]bool{}
	lower := strings.ToLower(text)
	for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '"' || r == '\'' || r == ',' || r == '[' || r == ']' || r == '{' || r == '}' || r == '=' || r == ';' || r == '|'
	}) {
		tok = strings.TrimRight(tok, ":")
		if len(tok) < 4 || len(tok) > 200 || seen[tok] {
			continue
		}
		if i := strings.Index(text, tok); i >= 0 && keptOut(lower, i) {
			continue
		}
		if settingsOnlyPath(tok) {
			continue
		}
		if credPath.MatchString(tok) && !pubKeyPath(tok) ||
			home && tok[0] == '.' && !pubKeyPath(tok) && (relCredPath(tok) || credPartRe.MatchString(`"`+tok+`"`)) {
			seen[tok] = true
			out = append(out, tok)
			login = login && loginUse(lower, strings.Index(text, tok))
		}
	}
	more, moreLogin := listedCredValues(text, lower, seen, out)
	out = append(out, more...)
	return out, login && moreLogin && len(out) > 0
}

// loginKeys are keys of a data file whose value is a file a client logs
// in with.
var loginKeys = []string{"identity_file", "identityfile", "identity-file", "key_filename", "key_file", "keyfile", "ssh_key_path", "private_key_path", "kubeconfig"}

// loginUse reports whether the line of lower (a lower-cased data file)
// holding offset i names one of loginKeys before i.
func loginUse(lower string, i int) bool {
	if i < 0 {
		return false
	}
	start := strings.LastIndexByte(lower[:i], '\n') + 1
	return containsAny(lower[start:i], loginKeys)
}

// keepOutWords mark a list of paths to leave alone: exclusions of a
// backup or sync, a sandbox's deny-list.
var keepOutWords = []string{"exclude", "ignore", "skip", "deny", "block", "never", "protect", "forbid"}

// keptOut reports whether the path at offset i of a data file (lower its
// lower-cased text) stands in a list of paths to leave alone: its own
// line, or the nearest line above it that opens a list or a section
// (ends in ':', '[' or '{', or is a [section] header), names one of
// keepOutWords.
func keptOut(lower string, i int) bool {
	start := strings.LastIndexByte(lower[:i], '\n') + 1
	end := strings.IndexByte(lower[i:], '\n')
	if end < 0 {
		end = len(lower) - i
	}
	if containsAny(lower[start:i+end], keepOutWords) {
		return true
	}
	for k := 0; start > 0 && k < 64; k++ {
		prev := strings.LastIndexByte(lower[:start-1], '\n') + 1
		l := strings.TrimSpace(lower[prev : start-1])
		start = prev
		if strings.HasSuffix(l, ":") || strings.HasSuffix(l, "[") || strings.HasSuffix(l, "{") || strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
			return containsAny(l, keepOutWords)
		}
	}
	return false
}

// pubKeyPath reports whether p is a public key or known_hosts: read to
// check it, never a secret.
func pubKeyPath(p string) bool {
	return strings.HasSuffix(p, ".pub") || strings.HasSuffix(p, "known_hosts")
}

// fileReadRe is a read of a file's bytes in any language the audit reads:
// open/read calls (PHP's file_get_contents, fopen and file; Java's
// Files.read*, Kotlin's readText and readBytes, Dart's readAs*, Swift's
// contentsOf:; Deno's readTextFile and Bun.file; Perl's open also without parentheses, open my $fh, '<',
// $p and open FH, "<$p", sysopen, Path::Tiny's slurp and
// File::Slurper's read_text), a shell redirect from or cat/base64 of a
// file.
var fileReadRe = lazyRE(`\bopen\s*\(|\bopen\s+(?:my\s+|our\s+|local\s+)?[$*]?\w+\s*,|\bsysopen\s*\(?|->slurp\w*\b|\bread_(?:text|binary)\s*\(|\bfile_get_contents\s*\(|\bfopen\s*\(|\breadfile\s*\(|\bfile\s*\(\s*\$|\bFiles\.read(?:AllBytes|String|AllLines)\b|\.read(?:Text|Bytes|Lines)\s*\(|\.readAs(?:String|Bytes|Lines)(?:Sync)?\s*\(|\bFileInputStream\b|\bcontentsOf(?:File)?\s*:|\.read(?:_text|_bytes|lines)?\s*\(|\breadFile(?:Sync)?\s*\(|\bFile\.(?:read|open|binread|readlines)\b|\bIO\.read\b|(?i:\bget-content\b)|\bReadAll(?:Text|Bytes|Lines)\b|\bfs::read|\bos\.ReadFile\b|\bioutil\.ReadFile\b|(?:^|[\s;|(])(?:cat|base64|xxd|gzip|tar|zip)\s|\s<\s*["$~/\w]|--data-binary\s+@|-F\s*\S+=@|-T\s|\bDeno\.read(?:TextFile|File)(?:Sync)?\s*\(|\bBun\.file\s*\(` + fileReadMore + fileReadElisp + fileReadLangs + fileReadScriptHosts)

// programSend returns the first send of data off the machine in the text
// of rel, read by its kind.
func programSend(rel, text string) []int {
	switch k := kindOf(rel, text); k {
	case kindShell, kindMake:
		return shellSendRe.FindStringIndex(text)
	case kindPython:
		if m := pySend.FindStringIndex(text); m != nil {
			return m
		}
		return pyNet.FindStringIndex(text)
	case kindJS:
		if m := sendIndex(jsSend, text); m != nil {
			return m
		}
		return jsNet.FindStringIndex(text)
	}
	return scriptSend(rel, text)
}

// scanListedCreds reports the script rel (content) that loads a data file
// or imports a module of its skill (credmodule.go) listing credential
// files and reads and sends data (see above); linked are the files it
// names or imports.
func scanListedCreds(sc *skillCtx, rel, content string, linked []linkedFile) {
	if linked = nonGoLinks(linked); len(linked) == 0 {
		return
	}
	sendIn, readIn := "", false
	if programSend(rel, content) != nil {
		sendIn = rel
	}
	readIn = fileReadRe.MatchString(content)
	home := homeRef.MatchString(content)
	for _, l := range linked {
		if l.data {
			continue
		}
		if sendIn == "" && programSend(l.rel, l.text) != nil {
			sendIn = l.rel
		}
		readIn = readIn || fileReadRe.MatchString(l.text)
		home = home || homeRef.MatchString(l.text)
	}
	if sendIn == "" || !readIn {
		return
	}
	for _, l := range linked {
		text := l.text
		if l.key != "" {
			text = strings.Join(l.values, "\n") // what the script fetches
		}
		creds, login := listedCreds(text, home)
		if len(creds) == 0 {
			continue
		}
		li := newLineIndex(content)
		// the line of code that names the file (or the module that
		// loads it), not a comment about it
		named := path.Base(l.rel)
		if l.via != "" {
			named = path.Base(l.via)
		}
		if !namesFile(content, named) {
			named = strings.TrimSuffix(named, path.Ext(named)) // an imported module
		}
		ln := li.firstLine(hashCommentsBlanked(rel, content), named, 1)
		if l.key != "" {
			ln = keyLine(rel, content, li, l.key)
		}
		shown := creds
		if len(shown) > 4 {
			shown = append(shown[:4:4], "…")
		}
		where := "in the same file"
		if sendIn != rel {
			where = "in " + sendIn + ", which it loads"
		}
		list := l.rel
		if l.via != "" {
			list += " (loaded by " + l.via + ")"
		}
		lists := list + " lists"
		if l.key != "" {
			lists = "listed under " + Escape(l.key, 64) + " (the key it fetches) in " + list
		}
		sev, why := Critical, "reads the credential files "+lists+" ("+Escape(strings.Join(shown, ", "), 120)+") and sends data over the network "+where
		if login {
			sev, why = Medium, "loads "+l.rel+", which names key files to log in with ("+Escape(strings.Join(shown, ", "), 120)+"), and sends data over the network "+where+": check the keys are only handed to the client that logs in"
		}
		sc.add(rel, ln, "credential-exfil", sev, why, strings.TrimSpace(lineText(content, li, ln)))
		return
	}
}
