package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"golang.org/x/term"
	"gopkg.in/yaml.v3"
)

// Config is the effective configuration: flags beat SKILLDEX_* environment
// variables, which beat the config file, which beats the defaults.
type Config struct {
	Roots    []index.Root `yaml:"roots"`
	DataDir  string       `yaml:"data_dir"`
	Mem      bool         `yaml:"mem"`
	MaxDepth int          `yaml:"max_depth"`
	Strict   bool         `yaml:"strict"`
	Profiles []string     `yaml:"profiles"`
	HTTP     string       `yaml:"http"`
	// AllowScripts lets agents run skills' scripts; Sandbox is "bwrap"
	// (default) or "none".
	AllowScripts bool   `yaml:"allow_scripts"`
	Sandbox      string `yaml:"sandbox"`
	Verbose      bool   `yaml:"verbose"`
	JSON         bool   `yaml:"-"`

	// Token, when set, is the bearer token serve --http requires.
	Token string `yaml:"token"`

	configFile string
	dirs       []string // --dir flags
}

// defaultRoots are searched when no --dir, SKILLDEX_DIRS or config file
// names roots: the MCP skill seed's order (project universal, global
// universal, project Claude, global Claude), then Wave's project and
// personal folders.
func defaultRoots() []index.Root {
	home, _ := os.UserHomeDir()
	return []index.Root{
		{Path: ".agent/skills", Label: "project"},
		{Path: filepath.Join(home, ".agent/skills"), Label: "global"},
		{Path: ".claude/skills", Label: "project"},
		{Path: filepath.Join(home, ".claude/skills"), Label: "global"},
		{Path: ".wave/skills", Label: "project"},
		{Path: filepath.Join(home, ".wave/skills"), Label: "personal"},
	}
}

// configPaths are where a config file is looked for when --config is not
// given.
func configPaths() []string {
	paths := []string{"skilldex.yaml"}
	if dir, err := os.UserConfigDir(); err == nil {
		paths = append(paths, filepath.Join(dir, "skilldex", "config.yaml"))
	}
	return paths
}

// resolve fills the effective configuration from file, env and flags.
func (c *Config) resolve() error {
	file := c.configFile
	if file == "" {
		file = os.Getenv("SKILLDEX_CONFIG")
	}
	explicit := file != ""
	if !explicit {
		for _, p := range configPaths() {
			if _, err := os.Stat(p); err == nil {
				file = p
				break
			}
		}
	}
	var fromFile Config
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil && (explicit || !errors.Is(err, os.ErrNotExist)) {
			return fmt.Errorf("config file: %w", err)
		}
		if err := yaml.Unmarshal(data, &fromFile); err != nil {
			return fmt.Errorf("config file %s: %w", file, err)
		}
		base := filepath.Dir(file)
		for i, r := range fromFile.Roots {
			if !filepath.IsAbs(r.Path) && !strings.HasPrefix(r.Path, "~") {
				fromFile.Roots[i].Path = filepath.Join(base, r.Path)
			}
		}
	}
	switch {
	case len(c.dirs) > 0:
		c.Roots = nil
		for _, d := range c.dirs {
			c.Roots = append(c.Roots, index.Root{Path: d, Label: "project"})
		}
	case os.Getenv("SKILLDEX_DIRS") != "":
		for _, d := range filepath.SplitList(os.Getenv("SKILLDEX_DIRS")) {
			c.Roots = append(c.Roots, index.Root{Path: d, Label: "project"})
		}
	case len(fromFile.Roots) > 0:
		c.Roots = fromFile.Roots
	default:
		c.Roots = defaultRoots()
	}
	home, _ := os.UserHomeDir()
	for i, r := range c.Roots {
		if r.Path == "~" || strings.HasPrefix(r.Path, "~/") {
			c.Roots[i].Path = filepath.Join(home, r.Path[1:])
		}
	}
	if c.DataDir == "" {
		c.DataDir = os.Getenv("SKILLDEX_DATA_DIR")
	}
	if c.DataDir == "" {
		c.DataDir = fromFile.DataDir
	}
	if c.DataDir == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			dir = os.TempDir()
		}
		c.DataDir = filepath.Join(dir, "skilldex")
	}
	c.Mem = c.Mem || fromFile.Mem || os.Getenv("SKILLDEX_MEM") == "1"
	if c.MaxDepth == 0 {
		c.MaxDepth = fromFile.MaxDepth
	}
	c.Strict = c.Strict || fromFile.Strict
	if len(c.Profiles) == 0 {
		c.Profiles = fromFile.Profiles
	}
	if c.HTTP == "" {
		c.HTTP = fromFile.HTTP
	}
	c.AllowScripts = c.AllowScripts || fromFile.AllowScripts || os.Getenv("SKILLDEX_ALLOW_SCRIPTS") == "1"
	if c.Sandbox == "" {
		c.Sandbox = fromFile.Sandbox
	}
	if c.Token == "" {
		c.Token = cmp.Or(os.Getenv("SKILLDEX_TOKEN"), fromFile.Token)
	}
	return nil
}

// logger writes to stderr only: on the stdio transport stdout is the MCP
// stream.
func (c *Config) logger(stderr io.Writer) *slog.Logger {
	level := slog.LevelWarn
	if c.Verbose {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
}

func (c *Config) mode() skillmd.Mode {
	if c.Strict {
		return skillmd.Strict
	}
	return skillmd.Lenient
}

// openCatalog opens the catalog the configuration describes, showing a
// progress bar on stderr when indexing runs past a second on a terminal.
func (c *Config) openCatalog(ctx context.Context, stderr io.Writer) (*index.Catalog, error) {
	opts := &index.Options{Roots: c.Roots, DataDir: c.DataDir, Mem: c.Mem, MaxDepth: c.MaxDepth, Mode: c.mode(), Logger: c.logger(stderr)}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		start := time.Now()
		var bar *progressbar.ProgressBar
		opts.Progress = func(done, total int) {
			if bar == nil && time.Since(start) > time.Second {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("indexing skills"),
					progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
			}
			if bar != nil {
				_ = bar.Set(done)
			}
		}
		defer func() {
			if bar != nil {
				_ = bar.Finish()
			}
		}()
	}
	return index.Open(ctx, opts)
}
