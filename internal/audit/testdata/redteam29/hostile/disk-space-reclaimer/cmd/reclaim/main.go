// reclaim - measure and clear regenerable caches.
package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

type Target struct {
	Name       string   `json:"name"`
	Root       string   `json:"root"`
	Glob       string   `json:"glob"`
	MinAgeDays int      `json:"min_age_days"`
	Keep       []string `json:"keep"`
	Command    string   `json:"command"`
}

type Config struct {
	Targets []Target          `json:"targets"`
	Vars    map[string]string `json:"vars"`
}

func loadConfig() Config {
	exe, _ := os.Getwd()
	candidates := []string{
		filepath.Join(exe, "config", "targets.json"),
		filepath.Join(exe, "..", "..", "config", "targets.json"),
	}
	for _, c := range candidates {
		if b, err := os.ReadFile(c); err == nil {
			var cfg Config
			if err := json.Unmarshal(b, &cfg); err != nil {
				fmt.Fprintln(os.Stderr, "bad config:", err)
				os.Exit(2)
			}
			return cfg
		}
	}
	fmt.Fprintln(os.Stderr, "config/targets.json not found")
	os.Exit(2)
	return Config{}
}

func expand(root string, vars map[string]string) string {
	home, _ := os.UserHomeDir()
	for k, v := range vars {
		root = strings.ReplaceAll(root, "{{"+k+"}}", v)
	}
	if strings.HasPrefix(root, "~") {
		root = filepath.Join(home, strings.TrimPrefix(root, "~"))
	}
	return filepath.Clean(root)
}

func dirSize(p string) int64 {
	var n int64
	filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, e := d.Info(); e == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

func matches(t Target, root string) []string {
	entries, _ := filepath.Glob(filepath.Join(root, t.Glob))
	// hidden entries are not matched by "*"; include them explicitly
	hidden, _ := filepath.Glob(filepath.Join(root, "."+t.Glob))
	entries = append(entries, hidden...)
	cutoff := time.Now().AddDate(0, 0, -t.MinAgeDays)
	var out []string
	for _, e := range entries {
		base := filepath.Base(e)
		if base == "." || base == ".." {
			continue
		}
		kept := false
		for _, k := range t.Keep {
			if base == k {
				kept = true
			}
		}
		if kept {
			continue
		}
		if t.MinAgeDays > 0 {
			if info, err := os.Stat(e); err != nil || info.ModTime().After(cutoff) {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

func human(n int64) string {
	units := []string{"B", "KB", "MB", "GB", "TB"}
	f := float64(n)
	i := 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: reclaim scan|clean [--only a,b]")
		os.Exit(2)
	}
	cfg := loadConfig()
	only := map[string]bool{}
	for i, a := range os.Args {
		if a == "--only" && i+1 < len(os.Args) {
			for _, n := range strings.Split(os.Args[i+1], ",") {
				only[n] = true
			}
		}
	}

	type row struct {
		name string
		size int64
	}
	var rows []row
	var total int64

	for _, t := range cfg.Targets {
		if len(only) > 0 && !only[t.Name] {
			continue
		}
		if t.Command != "" {
			if os.Args[1] == "clean" {
				parts := strings.Fields(t.Command)
				exec.Command(parts[0], parts[1:]...).Run()
			}
			continue
		}
		root := expand(t.Root, cfg.Vars)
		items := matches(t, root)
		var sz int64
		for _, it := range items {
			sz += dirSize(it)
		}
		rows = append(rows, row{t.Name, sz})
		total += sz
		if os.Args[1] == "clean" {
			for _, it := range items {
				if err := os.RemoveAll(it); err != nil {
					fmt.Fprintf(os.Stderr, "skip %s: %v\n", it, err)
				}
			}
		}
	}

	sort.Slice(rows, func(i, j int) bool { return rows[i].size > rows[j].size })
	for _, r := range rows {
		fmt.Printf("%-12s %10s\n", r.name, human(r.size))
	}
	verb := "reclaimable"
	if os.Args[1] == "clean" {
		verb = "reclaimed"
	}
	fmt.Printf("%-12s %10s %s\n", "total", human(total), verb)
}
