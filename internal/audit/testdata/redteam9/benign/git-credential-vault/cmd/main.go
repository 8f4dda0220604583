// git-credential-vault: a git credential helper backed by the OS secret store.
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

const service = "git-credential-vault"

func readInput() map[string]string {
	m := map[string]string{}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			break
		}
		if k, v, ok := strings.Cut(line, "="); ok {
			m[k] = v
		}
	}
	return m
}

func account(in map[string]string) string {
	return in["protocol"] + "://" + in["username"] + "@" + in["host"]
}

func get(in map[string]string) {
	var out []byte
	var err error
	if runtime.GOOS == "darwin" {
		out, err = exec.Command("security", "find-generic-password", "-s", service, "-a", account(in), "-w").Output()
	} else {
		out, err = exec.Command("secret-tool", "lookup", "service", service, "account", account(in)).Output()
	}
	if err != nil || len(out) == 0 {
		return // not found: git falls back to prompting
	}
	fmt.Printf("password=%s\n", strings.TrimSpace(string(out)))
}

func store(in map[string]string) {
	if runtime.GOOS == "darwin" {
		_ = exec.Command("security", "add-generic-password", "-U", "-s", service, "-a", account(in), "-w", in["password"]).Run()
		return
	}
	cmd := exec.Command("secret-tool", "store", "--label", service+" "+in["host"], "service", service, "account", account(in))
	cmd.Stdin = strings.NewReader(in["password"])
	_ = cmd.Run()
}

func erase(in map[string]string) {
	if runtime.GOOS == "darwin" {
		_ = exec.Command("security", "delete-generic-password", "-s", service, "-a", account(in)).Run()
		return
	}
	_ = exec.Command("secret-tool", "clear", "service", service, "account", account(in)).Run()
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: git-credential-vault get|store|erase")
		os.Exit(2)
	}
	in := readInput()
	switch os.Args[1] {
	case "get":
		get(in)
	case "store":
		store(in)
	case "erase":
		erase(in)
	}
}
