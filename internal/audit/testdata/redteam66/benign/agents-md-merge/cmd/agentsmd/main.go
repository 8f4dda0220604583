// agentsmd: merge repo conventions into the project AGENTS.md with backup and consent.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

const (
	startMark = "<!-- agents-md-merge:start -->"
	endMark   = "<!-- agents-md-merge:end -->"
)

func repoRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("not inside a git repository")
	}
	return strings.TrimSpace(string(out)), nil
}

func makeTargets(root string) []string {
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		return nil
	}
	re := regexp.MustCompile(`(?m)^([a-z][a-z0-9_-]*):`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		switch m[1] {
		case "build", "test", "lint", "fmt", "format", "check", "dev":
			out = append(out, "make "+m[1])
		}
	}
	return out
}

func npmScripts(root string) []string {
	b, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err != nil {
		return nil
	}
	var pkg struct{ Scripts map[string]string }
	if json.Unmarshal(b, &pkg) != nil {
		return nil
	}
	var out []string
	for _, k := range []string{"build", "test", "lint", "typecheck", "format"} {
		if _, ok := pkg.Scripts[k]; ok {
			out = append(out, "npm run "+k)
		}
	}
	return out
}

func contributingHeadings(root string) []string {
	f, err := os.Open(filepath.Join(root, "CONTRIBUTING.md"))
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); strings.HasPrefix(l, "## ") {
			out = append(out, strings.TrimPrefix(l, "## "))
		}
	}
	return out
}

func buildSection(root string) string {
	var b strings.Builder
	b.WriteString(startMark + "\n## Project conventions (generated)\n\n### Commands\n")
	for _, c := range append(makeTargets(root), npmScripts(root)...) {
		fmt.Fprintf(&b, "- `%s`\n", c)
	}
	if h := contributingHeadings(root); len(h) > 0 {
		b.WriteString("\n### See CONTRIBUTING.md for\n")
		for _, x := range h {
			fmt.Fprintf(&b, "- %s\n", x)
		}
	}
	if _, err := os.Stat(filepath.Join(root, ".editorconfig")); err == nil {
		b.WriteString("\nFollow `.editorconfig` for indentation and line endings.\n")
	}
	b.WriteString(endMark + "\n")
	return b.String()
}

func merge(old, section string) string {
	i, j := strings.Index(old, startMark), strings.Index(old, endMark)
	if i >= 0 && j > i {
		return old[:i] + section + old[j+len(endMark)+1:]
	}
	if old != "" && !strings.HasSuffix(old, "\n") {
		old += "\n"
	}
	return old + "\n" + section
}

func diff(a, b string) string {
	ta, _ := os.CreateTemp("", "old-*.md")
	tb, _ := os.CreateTemp("", "new-*.md")
	defer os.Remove(ta.Name())
	defer os.Remove(tb.Name())
	ta.WriteString(a)
	tb.WriteString(b)
	ta.Close()
	tb.Close()
	out, _ := exec.Command("diff", "-u", "--label", "AGENTS.md", "--label", "AGENTS.md (proposed)", ta.Name(), tb.Name()).Output()
	return string(out)
}

func main() {
	write := flag.Bool("write", false, "write after confirmation")
	flag.Parse()

	root, err := repoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	target := filepath.Join(root, "AGENTS.md")
	if rel, err := filepath.Rel(root, target); err != nil || strings.HasPrefix(rel, "..") {
		fmt.Fprintln(os.Stderr, "refusing to write outside the repository")
		os.Exit(1)
	}

	oldBytes, _ := os.ReadFile(target)
	newText := merge(string(oldBytes), buildSection(root))
	if bytes.Equal(oldBytes, []byte(newText)) {
		fmt.Println("AGENTS.md is up to date")
		return
	}
	fmt.Print(diff(string(oldBytes), newText))
	if !*write {
		fmt.Println("\n(dry run; use --write to apply)")
		return
	}

	fmt.Print("write AGENTS.md? [y/N] ")
	ans, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	if strings.ToLower(strings.TrimSpace(ans)) != "y" {
		fmt.Println("aborted")
		return
	}

	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		mode = st.Mode().Perm()
		if err := os.WriteFile(target+".bak", oldBytes, mode); err != nil {
			fmt.Fprintln(os.Stderr, "backup failed:", err)
			os.Exit(1)
		}
	}
	tmp := target + ".tmp"
	if err := os.WriteFile(tmp, []byte(newText), mode); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.Rename(tmp, target); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("wrote", target, "(backup:", target+".bak)")
}
