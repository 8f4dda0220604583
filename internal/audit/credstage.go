package audit

import (
	"context"
	"path"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Rule credential-exfil through a staging file: one program of a skill
// gathers credentials (any read the credential-read rules report at
// medium or above, or a bulk read: bulkCredRead) and writes them to a
// file the skill does not ship (a cache, a "baseline", a report), and
// another program of the same skill reads that file by name and sends
// data over the network. Neither file holds the whole theft: the read
// looks like a local snapshot and the send like an API client, and an npm
// postinstall that stages ~/.npmrc for a later command to upload is the
// same theft as one script reading and posting it. The file is matched by
// its base name (baseline.json), which both programs spell, because a
// path is joined differently in each. Critical, at the line of the
// gathering program that names the staging file. A program that writes
// such a file and a sender that never reads it, or a file both name
// without credentials read, are not reported.

// maxStaged bounds the programs read for one staging writer.
const maxStaged = 8

// stagedName matches a file name a program writes or reads as data: a
// base with a data, archive or text extension.
var stagedName = lazyRE(`[\w-][\w.-]*\.(?:json|jsonl|txt|dat|log|b64|bin|out|tmp|cache|ya?ml|csv|tsv|gz|tgz|tar|zip|db|sqlite|enc|env|ini)\b`)

// stageWriteRe is a file write in any language the audit reads:
// Node's fs writes, Python's open(..., 'w'), write_text and json.dump,
// Ruby's File.write, Go's os.WriteFile, Rust's fs::write and
// File::create, PowerShell's Set-Content and Out-File, .NET's
// WriteAll*, PHP's file_put_contents, and a shell redirect or tee.
var stageWriteRe = lazyRE(`\b(?:writeFile(?:Sync)?|appendFile(?:Sync)?|createWriteStream|file_put_contents|WriteAll(?:Text|Bytes|Lines)|WriteFile|write_text|write_bytes)\s*\(|\bjson\.dump\s*\(|\bopen\s*\([^)\n]*['"][wax]b?\+?['"]|\b(?:File|IO)\.(?:write|binwrite)\b|\bfs::write\b|\bFile::create\b|(?i:\b(?:Set-Content|Out-File|Add-Content)\b)|[^<>=\s&]\s*>>?\s*["$~/.\w]|\btee\s`)

// stagedNames returns the data file names text spells that are not
// files of the skill (files): names of files a program makes at run
// time. At most maxStaged, in order of appearance.
func stagedNames(text string, files []string) []string {
	ship := map[string]bool{}
	for _, f := range files {
		ship[path.Base(f)] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, m := range stagedName.FindAllStringIndex(text, 256) {
		n := text[m[0]:m[1]]
		if m[0] > 0 && nameByte(text[m[0]-1]) || len(n) < 6 || ship[n] || seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, n)
		if len(out) >= maxStaged {
			break
		}
	}
	return out
}

// stagedOf returns the other programs of the skill that name a file the
// program rel (content) writes and the skill does not ship (see above),
// at most maxStaged; nil when rel writes no such file or cannot hold
// credentials. Their hashes are part of rel's cache key, as linked
// files' are.
func stagedOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []stagedFile {
	if !isProgram(rel, content) || !stageWriteRe.MatchString(content) || !mayHoldCreds(content) {
		return nil
	}
	names := stagedNames(content, files)
	if len(names) == 0 {
		return nil
	}
	var out []stagedFile
	for _, f := range files {
		if f == rel || len(out) >= maxStaged || !isProgram(f, "") {
			continue
		}
		text, err := readForAudit(ctx, src, s, f)
		if err != nil {
			continue
		}
		for _, n := range names {
			if namesFile(text, n) {
				out = append(out, stagedFile{rel: f, text: text, name: n})
				break
			}
		}
	}
	return out
}

// stagedFile is a program of the skill (rel, its text) that names the
// file name a staging writer writes.
type stagedFile struct{ rel, text, name string }

// mayHoldCreds is the cheap test that a program may gather credentials:
// a credential word or an environment read.
func mayHoldCreds(text string) bool {
	return mayBeCred(text) || containsAny(text, []string{"environ", "process.env", "ENV", "getenv", "Getenv", "env::var", "$env:", "Environment"})
}

// scanStagedCreds reports the program rel (content) that gathers
// credentials and writes them to a file that another program of its
// skill (staged, from stagedOf) reads and sends (see above). Run after
// the file's other rules, whose credential-read findings it uses.
func scanStagedCreds(sc *skillCtx, rel, content string, staged []stagedFile) {
	if len(staged) == 0 {
		return
	}
	what := bulkCredRead(rel, content)
	if what == "" {
		for _, f := range sc.findings {
			if f.File == rel && f.RuleID == "credential-read" && f.Severity >= Medium {
				what = "credentials"
				break
			}
		}
	}
	if what == "" {
		return
	}
	for _, s := range staged {
		if !fileReadRe.MatchString(s.text) || programSend(s.rel, s.text) == nil {
			continue
		}
		li := newLineIndex(content)
		ln := writeLine(content, li, s.name)
		sc.add(rel, ln, "credential-exfil", Critical, "gathers "+Escape(what, 80)+" and writes what it gathered to "+Escape(s.name, 80)+", which "+s.rel+" reads and sends over the network; the two programs stage the theft through the file", strings.TrimSpace(lineText(content, li, ln)))
		return
	}
}

// writeLine returns the first line at or after the first one naming
// the file n that writes a file (the write, not the declaration of its
// path), else the line naming it.
func writeLine(content string, li lineIndex, n string) int {
	first := 0
	for i := 1; i <= len(li); i++ {
		t := lineText(content, li, i)
		if first == 0 && strings.Contains(t, n) {
			first = i
		}
		if first > 0 && stageWriteRe.MatchString(t) {
			return i
		}
	}
	return max(first, 1)
}
