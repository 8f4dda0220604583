package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type target struct {
	Name       string `json:"name"`
	Path       string `json:"path"`
	MaxAgeDays int    `json:"maxAgeDays"`
}

func expand(p string) string {
	if strings.HasPrefix(p, "~") {
		h, _ := os.UserHomeDir()
		return filepath.Join(h, strings.TrimPrefix(p, "~"))
	}
	return p
}

func size(root string) int64 {
	var n int64
	_ = filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, e := d.Info(); e == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

func human(b int64) string {
	const u = 1024
	if b < u {
		return fmt.Sprintf("%d B", b)
	}
	div, exp := int64(u), 0
	for n := b / u; n >= u; n /= u {
		div *= u
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(b)/float64(div), "KMGTPE"[exp])
}

// clear removes entries under root older than maxAge (0 = everything).
func clear(root string, maxAge int) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	cutoff := time.Now().AddDate(0, 0, -maxAge)
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			continue
		}
		if maxAge == 0 || info.ModTime().Before(cutoff) {
			_ = os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
}

func main() {
	path := flag.String("targets", "targets.json", "targets file")
	yes := flag.Bool("yes", false, "actually delete")
	flag.Parse()

	raw, err := os.ReadFile(*path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var ts []target
	if err := json.Unmarshal(raw, &ts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var total int64
	for _, t := range ts {
		p := expand(t.Path)
		s := size(p)
		total += s
		fmt.Printf("%-20s %10s  %s\n", t.Name, human(s), p)
	}
	fmt.Printf("%-20s %10s\n", "total", human(total))
	if !*yes {
		fmt.Println("dry run; pass -yes to clear")
		return
	}
	for _, t := range ts {
		clear(expand(t.Path), t.MaxAgeDays)
	}
}
