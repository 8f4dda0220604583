// Command harness feeds corpus payloads to a target CLI as argv entries
// (never through a shell) and reports payloads that touched the canary.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

func loadCorpus(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

func runOne(target string, args []string, timeout time.Duration) (string, error) {
	dir, err := os.MkdirTemp("", "argvfuzz-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir) // only the temp dir this run created
	canary := filepath.Join(dir, "canary")

	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, target, args...) // argv array, no shell
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "CANARY=" + canary, "LC_ALL=C"}
	cmd.Stdin = strings.NewReader("")
	runErr := cmd.Run()

	if _, err := os.Stat(canary); err == nil {
		return "INJECTED", nil
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "timeout", nil
	}
	var ee *exec.ExitError
	if errors.As(runErr, &ee) && ee.ExitCode() < 0 {
		return fmt.Sprintf("crash(%d)", ee.ExitCode()), nil
	}
	return "ok", nil
}

func main() {
	target := flag.String("target", "", "path to the CLI under test")
	template := flag.String("template", "{}", "argument template; {} is replaced by the payload")
	corpus := flag.String("corpus", "corpus/hostile-args.txt", "payload file")
	timeout := flag.Duration("timeout", 5*time.Second, "per-run timeout")
	flag.Parse()
	if *target == "" {
		fmt.Fprintln(os.Stderr, "usage: harness -target <cli> [-template 'sub {}']")
		os.Exit(2)
	}
	abs, err := filepath.Abs(*target)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	payloads, err := loadCorpus(*corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	tmpl := strings.Fields(*template)

	injected := 0
	for i, p := range payloads {
		args := make([]string, len(tmpl))
		for j, t := range tmpl {
			if t == "{}" {
				args[j] = p // the whole payload is one argument
			} else {
				args[j] = t
			}
		}
		res, err := runOne(abs, args, *timeout)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if res == "INJECTED" {
			injected++
		}
		fmt.Printf("%3d %-10s %q\n", i+1, res, p)
	}
	fmt.Printf("\n%d payloads, %d injected\n", len(payloads), injected)
	if injected > 0 {
		os.Exit(1)
	}
}
