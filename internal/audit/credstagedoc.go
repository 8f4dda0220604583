package audit

import (
	"path"
	"regexp"
	"strings"
)

// Rule credential-exfil through a staging file sent by instruction: a
// program of a skill gathers credentials and writes them to a file the
// skill does not ship (a "diagnostic bundle", signin-diag.zip), and the
// skill's instructions (SKILL.md or another markdown file of the skill)
// tell the agent to upload that file to a remote host. The program and
// the instruction are one theft: the agent is the sender. The instruction
// names the file in an upload command (Invoke-RestMethod or
// Invoke-WebRequest -InFile or -Form, curl -F name=@f, -T, --data-binary
// @f, -d @f, wget --post-file, scp or rsync to a host:, gh gist create, a
// cloud copy to s3:// or gs://, a WebClient's UploadFile), directly or
// through a variable the same text assigns, by its base name or a glob of
// it (signin-diag-*.zip for a name the program builds from parts).
// Critical at the writer's write line, as for a program sender. An upload
// of a file no program gathered credentials into, and a bundle the
// instructions only tell the user to review and attach themselves (no
// upload command naming it), are not joined.

// isInstructionDoc reports whether rel is a markdown file of the skill,
// read by the agent as instructions.
func isInstructionDoc(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".md", ".markdown", ".mdx", ".mdc":
		return true
	}
	return false
}

// uploadArgRes each capture (group 1) the local file an upload command
// sends: PowerShell's -InFile and a -Form field's value (Get-Item f too),
// curl's form, upload and @-data options, wget's post file, scp's and
// rsync's source before a remote host:, gh gist create's files (the
// rest of its line, group 2 marking it), cloud
// copies to a bucket and a WebClient's UploadFile.
var uploadArgRes = []*lazyRegexp{
	lazyRE(`(?i)\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b[^\n]*?\s-InFile\s+(\([^)\n]*\)|"[^"\n]+"|'[^'\n]+'|[^\s)]+)`),
	lazyRE(`(?i)\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b[^\n]*?\s-Form\s+@\{[^}\n]*?=\s*(?:\(?\s*Get-Item\s+(?:-(?:Literal)?Path\s+)?)?("[^"\n]+"|'[^'\n]+'|[^\s;})]+)`),
	lazyRE(`\bcurl(?:\.exe)?\b[^\n|;&]*?\s(?:-F|--form)\s*['"]?[\w.\[\]-]*=@(\$\([^)\n]*\)|"[^"\n]+"|'[^'\n]+'|[^\s'";,]+)`),
	lazyRE(`\bcurl(?:\.exe)?\b[^\n|;&]*?\s(?:-T|--upload-file)\s*("[^"\n]+"|'[^'\n]+'|[^\s]+)`),
	lazyRE(`\bcurl(?:\.exe)?\b[^\n|;&]*?\s(?:--data-binary|--data|--data-raw|--data-urlencode|-d)\s*['"]?@("[^"\n]+"|'[^'\n]+'|[^\s'"]+)`),
	lazyRE(`\bwget\b[^\n|;&]*?\s--(?:post|body)-file[= ]("[^"\n]+"|'[^'\n]+'|[^\s]+)`),
	lazyRE(`\b(?:scp|rsync)\b(?:\s+-[^\s]+(?:\s+\d+)?)*\s+("[^"\n]+"|'[^'\n]+'|[^\s]+)\s+[^\s]*[\w\]]:`),
	lazyRE(`\bgh\s+gist\s+create\b(()[^\n|;&\x60]*)`),
	lazyRE(`\b(?:aws\s+s3\s+cp|gsutil\s+cp|gcloud\s+storage\s+cp|az\s+storage\s+blob\s+upload\b[^\n]*?\s(?:-f|--file))\s+("[^"\n]+"|'[^'\n]+'|[^\s]+)`),
	lazyRE(`\.UploadFile(?:Async|TaskAsync)?\s*\(\s*[^,\n]+,\s*(?:'POST'\s*,\s*|"POST"\s*,\s*)?("[^"\n]+"|'[^'\n]+'|[^\s),]+)`),
}

// mayUpload reports whether doc holds a word every upload command of
// uploadArgRes has: the patterns' prefilter.
func mayUpload(doc string) bool {
	return containsAny(doc, []string{"InFile", "-Form", "curl", "wget", "scp", "rsync", "gist", " cp ", "upload", "Upload"})
}

// uploadedNames returns the base names (or globs of them) of the files
// the instruction text doc tells the agent to upload, a variable
// followed to the data file name its assignment in doc names. Lines
// continued with a backslash or PowerShell's backtick are joined.
func uploadedNames(doc string) []string {
	if !mayUpload(doc) {
		return nil
	}
	text := strings.NewReplacer("`\r\n", " ", "`\n", " ", "\\\r\n", " ", "\\\n", " ").Replace(doc)
	var out []string
	seen := map[string]bool{}
	for _, re := range uploadArgRes {
		for _, m := range re.FindAllStringSubmatch(text, 64) {
			arg := strings.TrimRight(strings.Trim(m[1], `"'`), "`.,;:)")
			if strings.HasPrefix(m[1], "$(") || strings.HasPrefix(m[1], "(") {
				arg = m[1]
			}
			var n string
			if len(m) > 2 {
				// the rest of a command whose every word may be a file
				n = lastDataName(m[1])
			} else {
				n = uploadBase(arg, text)
			}
			if n == "" || seen[n] {
				continue
			}
			seen[n] = true
			out = append(out, n)
			if len(out) >= maxStaged {
				return out
			}
		}
	}
	return out
}

// stagedGlobName is a data file's base name as an instruction spells it,
// globs and variables allowed in the stem.
var stagedGlobName = lazyRE(`^[\w*$.{}()-]*[\w*}-]\.(?:json|jsonl|txt|dat|log|b64|bin|out|tmp|cache|ya?ml|csv|tsv|gz|tgz|tar|zip|7z|db|sqlite|enc|env|ini)$`)

// uploadBase returns the base name an upload argument arg names: its own
// base, or for a bare variable ($b, ${b}) the last data file name on the
// line of text that assigns it. Variables and $(...) inside a name
// become '*'. "" when it names no data file.
func uploadBase(arg, text string) string {
	arg = strings.TrimPrefix(arg, "@")
	if strings.HasPrefix(arg, "$(") || strings.HasPrefix(arg, "(") {
		// a substitution picking the file (ls -t dir/diag-*.json | head -1)
		// or a PowerShell expression joining it (Join-Path $env:TEMP 'b.zip')
		return lastDataName(strings.TrimLeft(arg, "$("))
	}
	if v := bareVar(arg); v != "" {
		assign := regexp.MustCompile(`(?m)^[ \t]*(?:\$|export\s+|set\s+|local\s+)?` + regexp.QuoteMeta(v) + `[ \t]*=([^\n]*)`)
		ms := assign.FindAllStringSubmatch(text, -1)
		if len(ms) == 0 {
			return ""
		}
		return lastDataName(ms[len(ms)-1][1])
	}
	return globBase(arg)
}

// uploadWordRe is a quoted string or a bare word of a command line.
var uploadWordRe = lazyRE(`"[^"\n]*"|'[^'\n]*'|[^\s"'(),|]+`)

// lastDataName returns the last data file name (globBase) among the
// words of line, else "".
func lastDataName(line string) string {
	var last string
	for _, q := range uploadWordRe.FindAllString(line, -1) {
		if b := globBase(strings.Trim(q, `"'`)); b != "" {
			last = b
		}
	}
	return last
}

// bareVar returns the name of a shell or PowerShell variable that is the
// whole of arg ($b, ${b}, $env:X is not one), else "".
func bareVar(arg string) string {
	a := strings.TrimSuffix(strings.TrimPrefix(arg, "${"), "}")
	if a == arg {
		a = strings.TrimPrefix(arg, "$")
	}
	if a == arg || a == "" {
		return ""
	}
	for i := 0; i < len(a); i++ {
		if !isIdentByte(a[i]) || a[i] == '$' {
			return ""
		}
	}
	return a
}

// varInName matches a variable or substitution inside a file name.
var varInName = lazyRE(`\$\{[^}]*\}|\$\([^)]*\)|\$[\w:]+|\{[^}]*\}`)

// globBase returns p's base name with variables turned into '*', when
// it is a data file name (stagedGlobName), else "".
func globBase(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	b := varInName.ReplaceAllString(path.Base(p), "*")
	for strings.Contains(b, "**") {
		b = strings.ReplaceAll(b, "**", "*")
	}
	if len(b) > 120 || !stagedGlobName.MatchString(b) || strings.Trim(b, "*.") == "" || strings.HasPrefix(b, "*.") {
		return ""
	}
	return b
}

// namesStaged reports whether the program text names the file the glob
// (or plain base name) n: the name itself, or for a glob its literal
// parts in order on one line, as a program builds a name from a stamp
// ("signin-diag-" + $id + ".zip", f"diag-{ts}.zip").
func namesStaged(text, n string) bool {
	if !strings.Contains(n, "*") {
		return namesFile(text, n)
	}
	var parts []string
	for _, p := range strings.Split(n, "*") {
		if p != "" {
			parts = append(parts, regexp.QuoteMeta(p))
		}
	}
	if len(parts) < 2 || len(parts) > 4 {
		return false
	}
	return regexp.MustCompile(`(?m)` + strings.Join(parts, `[^\n]*?`)).MatchString(text)
}

// docStagedOf returns the instruction files of the skill (files) whose
// upload commands name a file the program content writes, read through
// read; at most maxStaged.
func docStagedOf(content string, files []string, read func(string) (string, bool)) []stagedFile {
	var out []stagedFile
	for _, f := range files {
		if len(out) >= maxStaged || !isInstructionDoc(f) {
			continue
		}
		text, ok := read(f)
		if !ok {
			continue
		}
		for _, n := range uploadedNames(text) {
			if namesStaged(content, n) {
				out = append(out, stagedFile{rel: f, text: text, name: n, doc: true})
				break
			}
		}
	}
	return out
}

// globNeedle returns the longest literal part of the glob n, for finding
// the writer's line naming it.
func globNeedle(n string) string {
	best := ""
	for _, p := range strings.Split(n, "*") {
		if len(p) > len(best) {
			best = p
		}
	}
	return best
}
