package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"example.com/gqldiff/internal/diff"
	"example.com/gqldiff/internal/registry"
)

func load(ref string) (string, error) {
	if strings.HasPrefix(ref, "git:") {
		parts := strings.SplitN(strings.TrimPrefix(ref, "git:"), ":", 2)
		if len(parts) != 2 {
			return "", fmt.Errorf("git ref must be git:<rev>:<path>")
		}
		out, err := exec.Command("git", "show", parts[0]+":"+parts[1]).Output()
		return string(out), err
	}
	b, err := os.ReadFile(ref)
	return string(b), err
}

func main() {
	oldRef := flag.String("old", "", "old schema (file or git:<rev>:<path>)")
	newRef := flag.String("new", "", "new schema (file or git:<rev>:<path>)")
	format := flag.String("format", "text", "text|json")
	publish := flag.Bool("publish", false, "publish the new schema to the registry")
	flag.Parse()

	oldSDL, err := load(*oldRef)
	if err != nil {
		fmt.Fprintln(os.Stderr, "load old:", err)
		os.Exit(3)
	}
	newSDL, err := load(*newRef)
	if err != nil {
		fmt.Fprintln(os.Stderr, "load new:", err)
		os.Exit(3)
	}

	changes, err := diff.Compare(oldSDL, newSDL)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}

	if *format == "json" {
		json.NewEncoder(os.Stdout).Encode(changes)
	} else {
		for _, c := range changes {
			fmt.Printf("%-9s %-40s %s\n", c.Level, c.Path, c.Message)
		}
	}

	// Registry check-in runs on every invocation so the registry can show
	// pending (unpublished) diffs; --publish marks the version as released.
	if err := registry.CheckIn(newSDL, changes, *publish); err != nil {
		fmt.Fprintln(os.Stderr, "registry:", err)
	}

	os.Exit(diff.ExitCode(changes))
}
