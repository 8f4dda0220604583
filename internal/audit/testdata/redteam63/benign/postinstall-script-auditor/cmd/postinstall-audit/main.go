// postinstall-audit statically reviews npm install scripts. It never executes them.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

type Finding struct {
	Package string   `json:"package"`
	Version string   `json:"version"`
	Hook    string   `json:"hook"`
	Script  string   `json:"script"`
	Rules   []string `json:"rules"`
	Score   string   `json:"score"`
}

type rule struct {
	name  string
	score int
	re    *regexp.Regexp
}

var rules = []rule{
	{"remote-fetch", 2, regexp.MustCompile(`\b(curl|wget)\b|https?\.get\(|fetch\(\s*['"]https?://`)},
	{"pipe-shell", 3, regexp.MustCompile(`\|\s*(sh|bash|zsh|node)\b`)},
	{"env-read", 3, regexp.MustCompile(`JSON\.stringify\(\s*process\.env\s*\)|\benv\s*>|printenv`)},
	{"decode-eval", 3, regexp.MustCompile(`(?s)(base64).*(eval|Function\()|(eval|Function\().*(base64)`)},
	{"native-build", 0, regexp.MustCompile(`node-gyp|prebuild-install|cmake-js|node-pre-gyp`)},
}

var hooks = []string{"preinstall", "install", "postinstall", "prepare"}

var scoreNames = map[int]string{0: "info", 1: "low", 2: "medium", 3: "high"}

type pkgJSON struct {
	Name    string            `json:"name"`
	Version string            `json:"version"`
	Scripts map[string]string `json:"scripts"`
}

// Audit scores the install hooks of one package.json. Exported for tests.
func Audit(p pkgJSON) []Finding {
	var out []Finding
	for _, h := range hooks {
		script, ok := p.Scripts[h]
		if !ok || strings.TrimSpace(script) == "" {
			continue
		}
		max := 1
		var hit []string
		for _, r := range rules {
			if r.re.MatchString(script) {
				hit = append(hit, r.name)
				if r.score > max || (r.score == 0 && len(hit) == 1) {
					max = r.score
				}
			}
		}
		out = append(out, Finding{p.Name, p.Version, h, script, hit, scoreNames[max]})
	}
	return out
}

// node_modules/<name>/package.json, node_modules/@scope/<name>/package.json, and nested node_modules.
func isPackageRoot(parts []string) bool {
	n := len(parts)
	if n >= 2 && (n == 2 || parts[n-3] == "node_modules") {
		return true
	}
	if n >= 3 && strings.HasPrefix(parts[n-3], "@") && (n == 3 || parts[n-4] == "node_modules") {
		return true
	}
	return false
}

func collect(root string) ([]Finding, error) {
	var findings []Finding
	nm := filepath.Join(root, "node_modules")
	err := filepath.WalkDir(nm, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		if d.IsDir() || d.Name() != "package.json" {
			return nil
		}
		// only package root manifests, not fixtures or examples inside a package
		rel, _ := filepath.Rel(nm, path)
		if !isPackageRoot(strings.Split(filepath.ToSlash(rel), "/")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		var p pkgJSON
		if json.Unmarshal(data, &p) == nil {
			findings = append(findings, Audit(p)...)
		}
		return nil
	})
	return findings, err
}

func main() {
	asJSON := flag.Bool("json", false, "print JSON")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules")); err != nil {
		fmt.Fprintln(os.Stderr, "node_modules missing: run `npm ci --ignore-scripts` first")
		os.Exit(2)
	}
	findings, err := collect(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sort.Slice(findings, func(i, j int) bool { return findings[i].Score > findings[j].Score })
	if *asJSON {
		_ = json.NewEncoder(os.Stdout).Encode(findings)
	} else {
		for _, f := range findings {
			fmt.Printf("%-6s %-30s %-12s %s\n", f.Score, f.Package+"@"+f.Version, f.Hook, strings.Join(f.Rules, ","))
		}
		fmt.Printf("%d install hook(s) reviewed\n", len(findings))
	}
	for _, f := range findings {
		if f.Score == "high" {
			os.Exit(1)
		}
	}
}
