package audit

import (
	"context"
	"path"
	"slices"
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
// WriteAll*, PHP's file_put_contents, a shell redirect or tee, and the
// archive writers PowerShell (Compress-Archive), .NET
// (ZipFile.CreateFromDirectory) and Python (shutil.make_archive) have.
var stageWriteRe = lazyRE(`(?i:\bCompress-Archive\b|\bCreateFromDirectory\b)|\bmake_archive\s*\(|\b(?:writeFile(?:Sync)?|appendFile(?:Sync)?|createWriteStream|file_put_contents|WriteAll(?:Text|Bytes|Lines)|WriteFile|write_text|write_bytes)\s*\(|\bjson\.dump\s*\(|\bopen\s*\([^)\n]*['"][wax]b?\+?['"]|\b(?:File|IO)\.(?:write|binwrite)\b|\bfs::write\b|\bFile::create\b|(?i:\b(?:Set-Content|Out-File|Add-Content)\b)|[^<>=\s&]\s*>>?\s*["$~/.\w]|\btee\s`)

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
	var out []stagedFile
	for _, f := range files {
		if len(names) == 0 || f == rel || len(out) >= maxStaged || !isProgram(f, "") {
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
	if len(out) < maxStaged {
		// the skill's instructions telling the agent to upload it
		// (credstagedoc.go)
		docFiles := files
		if s.SkillFile != "" && !slices.Contains(files, s.SkillFile) {
			docFiles = append([]string{s.SkillFile}, files...)
		}
		docs := docStagedOf(content, docFiles, func(f string) (string, bool) {
			text, err := readForAudit(ctx, src, s, f)
			return text, err == nil
		})
		out = append(out, docs[:min(len(docs), maxStaged-len(out))]...)
	}
	return out
}

// stagedFile is a program of the skill (rel, its text) that names the
// file name a staging writer writes, or (doc) an instruction file whose
// upload command names it (name then a base name or a glob of it).
type stagedFile struct {
	rel, text, name string
	doc             bool
}

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
	// the worst of the joins: a consented upload in one instruction file
	// does not lower another's
	li := newLineIndex(content)
	red := -1 // writerRedacts, once needed
	bestSev, bestLn, bestMsg := SeverityNone, 0, ""
	for _, s := range staged {
		var ln int
		var msg string
		consent := false
		if s.doc {
			ln = writeLine(content, li, globNeedle(s.name))
			consent = uploadConsented(s.text)
			msg = ", which " + s.rel + " tells the agent to upload to a remote host"
		} else {
			if !fileReadRe.MatchString(s.text) || programSend(s.rel, s.text) == nil {
				continue
			}
			ln = writeLine(content, li, s.name)
			msg = ", which " + s.rel + " reads and sends over the network"
		}
		if red < 0 {
			red = 0
			if writerRedacts(sc, rel, content) {
				red = 1
			}
		}
		sev := Critical
		switch {
		case red == 1 && consent:
			sev, msg = Low, msg+" after the user agrees; the writer redacts every credential value it writes (masked, hashed, cut short or names only)"
		case red == 1:
			sev, msg = Medium, msg+"; the writer redacts every credential value it writes (masked, hashed, cut short or names only), so what leaves is the bundle's other contents"
		case consent:
			sev, msg = High, msg+" only after the user has seen it and agreed; the file still holds the raw credentials"
		case s.doc:
			msg += "; the script and the instruction stage the theft through the file"
		default:
			msg += "; the two programs stage the theft through the file"
		}
		if sev > bestSev {
			bestSev, bestLn, bestMsg = sev, ln, "gathers "+Escape(what, 80)+" and writes what it gathered to "+Escape(s.name, 80)+msg
		}
	}
	if bestSev > SeverityNone {
		sc.add(rel, bestLn, "credential-exfil", bestSev, bestMsg, strings.TrimSpace(lineText(content, li, bestLn)))
	}
}

// writeLine returns the write line nearest after a line naming the file
// n (the write, not the declaration of its path, nor a comment naming it
// far above), else the first line naming it.
func writeLine(content string, li lineIndex, n string) int {
	first, best, gap, last := 0, 0, 0, 0
	for i := 1; i <= len(li); i++ {
		t := lineText(content, li, i)
		if n != "" && strings.Contains(t, n) {
			last = i
			if first == 0 {
				first = i
			}
		}
		if last > 0 && stageWriteRe.MatchString(t) && (best == 0 || i-last < gap) {
			best, gap = i, i-last
		}
	}
	if best > 0 {
		return best
	}
	return max(first, 1)
}
