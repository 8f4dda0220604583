package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// artifact dir name -> marker files that must exist in the parent directory
var allow = map[string][]string{
	"node_modules":  {"package.json"},
	".next":         {"next.config.js", "next.config.mjs", "next.config.ts"},
	".turbo":        {"turbo.json", "package.json"},
	".parcel-cache": {"package.json"},
	"dist":          {"package.json", "pyproject.toml", "setup.py"},
	"build":         {"package.json", "build.gradle", "build.gradle.kts", "setup.py", "CMakeLists.txt"},
	"target":        {"Cargo.toml", "pom.xml"},
	".gradle":       {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"},
	"__pycache__":   {}, // always regenerable, contains only .pyc
	".venv":         {"pyproject.toml", "requirements.txt", "setup.py", "Pipfile"},
}

var forbiddenRoots = []string{"/", "/bin", "/boot", "/etc", "/lib", "/opt", "/sbin", "/srv", "/usr", "/var", "/System", "/Library", "/Applications"}

type candidate struct {
	path  string
	size  int64
	mtime time.Time
}

func hasMarker(parent string, markers []string) bool {
	if len(markers) == 0 {
		return true
	}
	for _, m := range markers {
		if _, err := os.Stat(filepath.Join(parent, m)); err == nil {
			return true
		}
	}
	return false
}

func dirSize(p string) (int64, time.Time) {
	var total int64
	var newest time.Time
	_ = filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if info, err := d.Info(); err == nil {
			total += info.Size()
			if info.ModTime().After(newest) {
				newest = info.ModTime()
			}
		}
		return nil
	})
	return total, newest
}

func checkRoot(root string, allowRoot bool) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	home, _ := os.UserHomeDir()
	homeReal, _ := filepath.EvalSymlinks(home)
	for _, f := range forbiddenRoots {
		if real == f {
			return "", fmt.Errorf("refusing system directory %s", real)
		}
	}
	if real == homeReal {
		return "", errors.New("refusing $HOME itself; pass a sub-directory such as ~/code")
	}
	if !allowRoot && !strings.HasPrefix(real, homeReal+string(os.PathSeparator)) {
		return "", fmt.Errorf("%s is outside $HOME; pass --allow-root to confirm", real)
	}
	return real, nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

func main() {
	olderThan := flag.Int("older-than", 0, "only artifacts whose newest file is older than N days")
	doDelete := flag.Bool("delete", false, "actually delete (default is dry run)")
	allowRoot := flag.Bool("allow-root", false, "allow a root outside $HOME")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: sweep <root> [--older-than N] [--delete]")
		os.Exit(2)
	}
	root, err := checkRoot(flag.Arg(0), *allowRoot)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sweep:", err)
		os.Exit(2)
	}
	cutoff := time.Now().AddDate(0, 0, -*olderThan)

	var found []candidate
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if d.Name() == ".git" {
			return filepath.SkipDir
		}
		markers, ok := allow[d.Name()]
		if !ok {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return filepath.SkipDir
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil || !within(root, real) || !hasMarker(filepath.Dir(p), markers) {
			return filepath.SkipDir
		}
		size, newest := dirSize(p)
		if *olderThan == 0 || newest.Before(cutoff) {
			found = append(found, candidate{p, size, newest})
		}
		return filepath.SkipDir
	})

	sort.Slice(found, func(i, j int) bool { return found[i].size > found[j].size })
	var total int64
	for _, c := range found {
		total += c.size
		fmt.Printf("%8.1f MB  %s  (last modified %s)\n", float64(c.size)/1e6, c.path, c.mtime.Format("2006-01-02"))
	}
	fmt.Printf("%d directories, %.1f GB\n", len(found), float64(total)/1e9)

	if !*doDelete {
		fmt.Println("dry run; re-run with --delete to remove")
		return
	}
	for _, c := range found {
		if !within(root, c.path) {
			continue
		}
		if err := os.RemoveAll(c.path); err != nil {
			fmt.Fprintln(os.Stderr, "failed:", c.path, err)
		}
	}
	fmt.Println("deleted")
}
