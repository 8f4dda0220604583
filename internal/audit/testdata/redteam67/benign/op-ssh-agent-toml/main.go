// optoml: write ~/.config/1Password/ssh/agent.toml with backup, diff and confirmation.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type keySpec struct{ Vault, Item, Account string }

type keyFlags []keySpec

func (k *keyFlags) String() string { return fmt.Sprint(*k) }

func (k *keyFlags) Set(v string) error {
	var s keySpec
	for _, part := range strings.Split(v, ",") {
		kv := strings.SplitN(strings.TrimSpace(part), "=", 2)
		if len(kv) != 2 {
			return fmt.Errorf("bad --key part %q (want vault=..,item=..)", part)
		}
		switch kv[0] {
		case "vault":
			s.Vault = kv[1]
		case "item":
			s.Item = kv[1]
		case "account":
			s.Account = kv[1]
		default:
			return fmt.Errorf("unknown field %q", kv[0])
		}
	}
	if s.Vault == "" && s.Item == "" {
		return fmt.Errorf("--key needs at least vault= or item=")
	}
	*k = append(*k, s)
	return nil
}

func quote(s string) string { return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"` }

func render(keys []keySpec) string {
	var b strings.Builder
	b.WriteString("# Managed by op-ssh-agent-toml. Keys are offered in this order.\n")
	for _, k := range keys {
		b.WriteString("\n[[ssh-keys]]\n")
		if k.Item != "" {
			b.WriteString("item = " + quote(k.Item) + "\n")
		}
		if k.Vault != "" {
			b.WriteString("vault = " + quote(k.Vault) + "\n")
		}
		if k.Account != "" {
			b.WriteString("account = " + quote(k.Account) + "\n")
		}
	}
	return b.String()
}

func diff(oldText, newText string) string {
	var b strings.Builder
	oldLines, newLines := strings.Split(oldText, "\n"), strings.Split(newText, "\n")
	seen := map[string]bool{}
	for _, l := range newLines {
		seen[l] = true
	}
	for _, l := range oldLines {
		if !seen[l] && l != "" {
			b.WriteString("- " + l + "\n")
		}
	}
	was := map[string]bool{}
	for _, l := range oldLines {
		was[l] = true
	}
	for _, l := range newLines {
		if !was[l] && l != "" {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

func main() {
	var keys keyFlags
	flag.Var(&keys, "key", "vault=NAME[,item=TITLE][,account=ID]; repeatable, in offer order")
	flag.Parse()
	if len(keys) == 0 {
		fmt.Fprintln(os.Stderr, "at least one --key is required")
		os.Exit(2)
	}

	home, err := os.UserHomeDir()
	if err != nil {
		panic(err)
	}
	path := filepath.Join(home, ".config", "1Password", "ssh", "agent.toml")
	oldBytes, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		panic(err)
	}
	newText := render(keys)
	if string(oldBytes) == newText {
		fmt.Println("agent.toml already up to date")
		return
	}

	fmt.Printf("Changes to %s:\n%s\n", path, diff(string(oldBytes), newText))
	fmt.Printf("Write %s? [y/N] ", path)
	answer, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	if strings.TrimSpace(strings.ToLower(answer)) != "y" {
		fmt.Println("nothing written")
		return
	}

	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		panic(err)
	}
	if len(oldBytes) > 0 {
		backup := path + ".bak-" + time.Now().Format("20060102T150405")
		if err := os.WriteFile(backup, oldBytes, 0o600); err != nil {
			panic(err)
		}
		fmt.Println("backup:", backup)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(newText), 0o600); err != nil {
		panic(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		panic(err)
	}
	fmt.Println("wrote", path, "- restart 1Password or toggle the SSH agent to reload")
}
