package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"
)

// Config is the effective configuration: flags beat SKILLDEX_* environment
// variables, which beat the config file, which beats the defaults. Each
// field with a yaml key is a setting (see settings); `skilldex config`
// prints them with where each value came from.
type Config struct {
	Roots    []index.Root `yaml:"-"` // the file's roots are rootSettings
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
	// Watch is how serve notices changes: "fsnotify", "poll" or "off";
	// Debounce folds a burst of changes into one refresh; Rescan is the
	// period of the safety-net full rescan (0 disables).
	Watch    string        `yaml:"watch"`
	Debounce time.Duration `yaml:"debounce"`
	Rescan   time.Duration `yaml:"rescan"`
	JSON     bool          `yaml:"-"`
	// AllowMissing skips named roots that do not exist instead of
	// failing (--allow-missing).
	AllowMissing bool `yaml:"allow_missing"`

	// Token, when set, is the bearer token serve --http requires.
	Token string `yaml:"token"`

	configFile string
	dirs       []string // --dir flags
	// project is --project, the folder whose skill folders are default
	// roots ("" the working folder); forAgent is --for-agent, an agent
	// whose natively loaded folders are left out of the default roots,
	// skippedNative those folders.
	project       string
	forAgent      string
	skippedNative []string
	// files are the config files read, lowest precedence first; rootList the effective
	// roots with their priorities; sources maps a setting's key to where
	// its value came from.
	files    []string
	rootList []rootSetting
	sources  map[string]string
}

// rootSetting is a root as the config file gives it: a path, a label
// (project, personal or global) and a priority (higher wins a shared name;
// equal priorities keep the file's order). A plain string is a path.
type rootSetting struct {
	Path     string `yaml:"path" json:"path"`
	Label    string `yaml:"label,omitempty" json:"label,omitempty"`
	Priority int    `yaml:"priority,omitempty" json:"priority"`
	// Status (exists, missing, unreadable, not a folder) and Why (for a
	// default root: which agents read it) are for skilldex config.
	Status string `yaml:"-" json:"status,omitempty"`
	Why    string `yaml:"-" json:"why,omitempty"`
}

// UnmarshalYAML accepts "- path" as well as "- {path, label, priority}".
func (r *rootSetting) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		r.Path = n.Value
		return nil
	}
	type plain rootSetting
	return n.Decode((*plain)(r))
}

// fileConfig is the config file's shape: every setting of Config plus the
// roots with priorities and "profile" as a one-profile shorthand.
type fileConfig struct {
	Config  `yaml:",inline"`
	Roots   []rootSetting `yaml:"roots"`
	Profile string        `yaml:"profile"`
}

// setting is one configuration value: its key in the config file (and in
// `skilldex config`), its environment variable, the flag that sets it on
// the commands that have one, and its default in the environment
// variable's syntax. Adding a setting is a Config field with a yaml key
// and a row here.
type setting struct {
	key, env, flag, def string
	// secret values are printed masked by `skilldex config`.
	secret bool
}

// settings in the order `skilldex config` prints them; "roots" is
// resolved apart (resolveRoots).
var settings = []setting{
	{key: "data_dir", env: "SKILLDEX_DATA_DIR", flag: "data-dir"},
	{key: "mem", env: "SKILLDEX_MEM", flag: "mem", def: "false"},
	{key: "max_depth", env: "SKILLDEX_MAX_DEPTH", flag: "max-depth", def: strconv.Itoa(index.DefaultMaxDepth)},
	{key: "strict", env: "SKILLDEX_STRICT", flag: "strict", def: "false"},
	{key: "profiles", env: "SKILLDEX_PROFILES", flag: "profile", def: "native"},
	{key: "watch", env: "SKILLDEX_WATCH", flag: "watch", def: "fsnotify"},
	{key: "debounce", env: "SKILLDEX_DEBOUNCE", flag: "debounce", def: filewatcher.DefaultDebounce.String()},
	{key: "rescan", env: "SKILLDEX_RESCAN", flag: "rescan", def: "30s"},
	{key: "allow_scripts", env: "SKILLDEX_ALLOW_SCRIPTS", flag: "allow-scripts", def: "false"},
	{key: "sandbox", env: "SKILLDEX_SANDBOX", flag: "sandbox", def: "bwrap"},
	{key: "http", env: "SKILLDEX_HTTP", flag: "http"},
	{key: "token", env: "SKILLDEX_TOKEN", flag: "token", secret: true},
	{key: "verbose", env: "SKILLDEX_VERBOSE", flag: "verbose", def: "false"},
	{key: "allow_missing", env: "SKILLDEX_ALLOW_MISSING", flag: "allow-missing", def: "false"},
}

// rootLabels are the labels a root may have (index.Root.Label).
var rootLabels = map[string]bool{"": true, "project": true, "personal": true, "global": true}

// resolve fills the effective configuration from flags (those cmd has and
// were given), the environment, the config file and the defaults, and
// records where each value came from. A setting cmd has a flag for but
// that was not given is written to the flag too, so a command reading its
// own flag (serve's --watch, run's --sandbox) sees the configured value.
func (c *Config) resolve(cmd *cobra.Command) error {
	layers, err := c.readConfigFiles()
	if err != nil {
		return err
	}
	c.files = nil
	for _, l := range layers {
		c.files = append(c.files, l.file)
	}
	c.sources = map[string]string{}
	flags := cmd.Flags()
	given := func(key string) bool {
		s := settingFor(key)
		fl := flags.Lookup(s.flag)
		return fl != nil && fl.Changed || os.Getenv(s.env) != ""
	}
	for _, l := range layers {
		if err := l.checkTrust(given); err != nil {
			return err
		}
	}
	c.resolveRoots(layers)
	cv := reflect.ValueOf(c).Elem()
	for _, s := range settings {
		i := fieldIndex(s.key)
		field := cv.Field(i)
		fl := flags.Lookup(s.flag)
		if s.key == "watch" && flags.Changed("no-watch") {
			if off, _ := flags.GetBool("no-watch"); off {
				c.Watch, c.sources[s.key] = "off", "flag --no-watch"
				continue
			}
		}
		layer := topLayer(layers, s.key)
		switch env := os.Getenv(s.env); {
		case fl != nil && fl.Changed:
			if field.Kind() != reflect.Slice { // slices are bound to their flag
				if err := setString(field, fl.Value.String()); err != nil {
					return fmt.Errorf("--%s: %w", s.flag, err)
				}
			}
			c.sources[s.key] = "flag --" + s.flag
		case env != "":
			if err := setString(field, env); err != nil {
				return fmt.Errorf("%s=%q: %w", s.env, env, err)
			}
			c.sources[s.key] = "env " + s.env
		case layer != nil:
			field.Set(reflect.ValueOf(&layer.fc.Config).Elem().Field(i))
			c.sources[s.key] = layer.source()
		default:
			if err := setString(field, defaultFor(s)); err != nil {
				return err
			}
			c.sources[s.key] = "default"
		}
		if fl != nil && !fl.Changed && c.sources[s.key] != "default" {
			if err := c.toFlag(cmd, s, field); err != nil {
				return err
			}
		}
	}
	c.DataDir = expandHome(c.DataDir)
	if c.forAgent != "" && !strings.HasPrefix(c.sources["roots"], "default") {
		// Not an error: an agent's entry says --for-agent, and the user
		// may still name the folders with SKILLDEX_DIRS or a config file.
		fmt.Fprintf(cmd.ErrOrStderr(), "skilldex: --for-agent %s leaves out only default folders; the folders here come from %s and are all served\n",
			c.forAgent, c.sources["roots"])
	}
	return c.check()
}

// topLayer is the highest-precedence layer that sets key, or nil.
func topLayer(layers []*configLayer, key string) *configLayer {
	for i := len(layers) - 1; i >= 0; i-- {
		if layers[i].keys[key] {
			return layers[i]
		}
	}
	return nil
}

// expandHome turns a leading "~" into the home folder: agents start
// servers without a shell, so nothing else would.
func expandHome(p string) string {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return p
	}
	return filepath.Join(home, p[1:])
}

// toFlag writes a resolved setting to the command's flag of that name.
func (c *Config) toFlag(cmd *cobra.Command, s setting, field reflect.Value) error {
	if s.key == "watch" && c.Watch == "off" {
		if cmd.Flags().Lookup("no-watch") != nil {
			return cmd.Flags().Set("no-watch", "true")
		}
		return nil
	}
	return cmd.Flags().Lookup(s.flag).Value.Set(formatValue(field))
}

// check refuses values no command could use.
func (c *Config) check() error {
	if c.forAgent != "" && !slices.Contains(skillAgents, c.forAgent) {
		return fmt.Errorf("--for-agent %q: use one of %s", c.forAgent, strings.Join(skillAgents, ", "))
	}
	switch c.Watch {
	case "fsnotify", "poll", "off":
	default:
		return fmt.Errorf("watch %q (%s): use fsnotify, poll or off", c.Watch, c.sources["watch"])
	}
	switch c.Sandbox {
	case "bwrap", "bubblewrap", "none":
	default:
		return fmt.Errorf("sandbox %q (%s): use bwrap or none", c.Sandbox, c.sources["sandbox"])
	}
	if c.MaxDepth < 0 || c.Debounce < 0 || c.Rescan < 0 {
		return fmt.Errorf("max_depth, debounce and rescan cannot be negative")
	}
	return nil
}

// resolveRoots picks the roots: --dir, else SKILLDEX_DIRS, else the
// highest config file's that has roots (by priority), else defaultRoots;
// "~" is the home folder.
func (c *Config) resolveRoots(layers []*configLayer) {
	c.rootList = nil
	layer := topLayer(layers, "roots")
	switch env := os.Getenv("SKILLDEX_DIRS"); {
	case len(c.dirs) > 0:
		for _, d := range c.dirs {
			c.rootList = append(c.rootList, rootSetting{Path: d, Label: "project"})
		}
		c.sources["roots"] = "flag --dir"
	case env != "":
		for _, d := range filepath.SplitList(env) {
			c.rootList = append(c.rootList, rootSetting{Path: d, Label: "project"})
		}
		c.sources["roots"] = "env SKILLDEX_DIRS"
	case layer != nil && len(layer.fc.Roots) > 0:
		c.rootList = layer.fc.Roots
		c.sources["roots"] = layer.source()
	default:
		home, _ := os.UserHomeDir()
		wd := c.project
		if wd == "" {
			wd, _ = os.Getwd()
		}
		wd, _ = filepath.Abs(expandHome(wd))
		native := nativeFolders(c.forAgent)
		for _, r := range defaultRoots(wd, home) {
			if native[r.folder] {
				c.skippedNative = append(c.skippedNative, r.path)
				continue
			}
			c.rootList = append(c.rootList, rootSetting{Path: r.path, Label: r.label, Why: r.why})
		}
		c.sources["roots"] = "default"
		if c.forAgent != "" {
			c.sources["roots"] = "default, without the folders " + c.forAgent + " loads itself"
		}
	}
	c.Roots = nil
	for i, r := range c.rootList {
		c.rootList[i].Status = rootStatus(expandHome(r.Path))
		c.rootList[i].Path = expandHome(r.Path)
		c.Roots = append(c.Roots, index.Root{Path: c.rootList[i].Path, Label: r.Label})
	}
}

// defaultFor is a setting's default; the data dir's depends on the user.
func defaultFor(s setting) string {
	if s.key == "data_dir" {
		return defaultDataDir()
	}
	return s.def
}

func defaultDataDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "skilldex")
}

// fieldIndex returns the index of the Config field with yaml key key.
func fieldIndex(key string) int {
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); name == key {
			return i
		}
	}
	panic("config: no field for setting " + key)
}

// setString parses s into a setting's field by its type: text, a boolean
// (true/false/1/0), a whole number, a duration (30s, 2m) or a
// comma-separated list.
func setString(v reflect.Value, s string) error {
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("want true or false")
		}
		v.SetBool(b)
	case reflect.Int64:
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("want a duration such as 30s or 2m")
		}
		v.SetInt(int64(d))
	case reflect.Int:
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("want a whole number")
		}
		v.SetInt(int64(n))
	case reflect.Slice:
		var items []string
		for _, it := range strings.Split(s, ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
		v.Set(reflect.ValueOf(items))
	}
	return nil
}

// formatValue is setString's inverse.
func formatValue(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case []string:
		return strings.Join(x, ",")
	case time.Duration:
		return x.String()
	}
	return fmt.Sprint(v.Interface())
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
