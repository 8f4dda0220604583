package config

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
	"github.com/skilldex/skilldex/internal/sources"
	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"
)

// Config is the effective configuration: flags beat SKILLDEX_* environment
// variables, which beat the config file, which beats the defaults. Each
// field with a yaml key is a Setting (see Settings); `skilldex config`
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

	// EmbeddingsURL, when set, turns on the semantic stage of search: the
	// base URL of an OpenAI-compatible embeddings endpoint (POST
	// URL/embeddings) that every skill's name and description and every
	// query are sent to, with EmbeddingsModel as the model and
	// EmbeddingsKey, when set, as the bearer token (docs/embeddings.md).
	EmbeddingsURL   string `yaml:"embeddings_url"`
	EmbeddingsModel string `yaml:"embeddings_model"`
	EmbeddingsKey   string `yaml:"embeddings_key"`

	ConfigFile string
	Dirs       []string // --dir flags
	// project is --project, the folder whose skill folders are default
	// roots ("" the working folder); forAgent is --for-agent, an agent
	// whose natively loaded folders are left out of the default roots,
	// skippedNative those folders.
	Project       string
	ForAgent      string
	SkippedNative []string
	// files are the config files read, lowest precedence first; rootList the effective
	// roots with their priorities; sources maps a Setting's key to where
	// its value came from.
	Files    []string
	RootList []RootSetting
	Sources  map[string]string
	// Origins are the locked git sources among the roots (after the
	// folder roots; internal/config/sources.go), for labels in config,
	// show and the web pages (Origins.Of).
	Origins sources.Origins
	// Followed are the lockfiles (path, scope) whose sources are roots
	// and which a serving catalog follows (LockFiles; none when the roots
	// are --dir or SKILLDEX_DIRS): they name the catalog's data dir and
	// shared server too (index.Options.Follows), so catalogs following
	// different lockfiles never share one.
	Followed [][2]string

	// embedder is the client Embedder built last and the settings it was
	// built from.
	embedder embedderMemo
}

// RootSetting is a root as the config file gives it: a path, a label
// (project, personal or global) and a priority (higher wins a shared name;
// equal priorities keep the file's order). A plain string is a path.
type RootSetting struct {
	Path     string `yaml:"path" json:"path"`
	Label    string `yaml:"label,omitempty" json:"label,omitempty"`
	Priority int    `yaml:"priority,omitempty" json:"priority"`
	// Status (exists, missing, unreadable, not a folder) and Why (for a
	// default root: which agents read it) are for skilldex config.
	Status string `yaml:"-" json:"status,omitempty"`
	Why    string `yaml:"-" json:"why,omitempty"`
}

// UnmarshalYAML accepts "- path" as well as "- {path, label, priority}".
func (r *RootSetting) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		r.Path = n.Value
		return nil
	}
	type plain RootSetting
	return n.Decode((*plain)(r))
}

// FileConfig is the config file's shape: every Setting of Config plus the
// roots with priorities and "profile" as a one-profile shorthand.
type FileConfig struct {
	Config  `yaml:",inline"`
	Roots   []RootSetting `yaml:"roots"`
	Profile string        `yaml:"profile"`
}

// Setting is one configuration value: its key in the config file (and in
// `skilldex config`), its environment variable, the flag that sets it on
// the commands that have one, and its default in the environment
// variable's syntax. Adding a Setting is a Config field with a yaml key
// and a row here.
type Setting struct {
	Key, Env, Flag, Def string
	// secret values are printed masked by `skilldex config`.
	Secret bool
}

// Settings in the order `skilldex config` prints them; "roots" is
// resolved apart (resolveRoots).
var Settings = []Setting{
	{Key: "data_dir", Env: "SKILLDEX_DATA_DIR", Flag: "data-dir"},
	{Key: "mem", Env: "SKILLDEX_MEM", Flag: "mem", Def: "false"},
	{Key: "max_depth", Env: "SKILLDEX_MAX_DEPTH", Flag: "max-depth", Def: strconv.Itoa(index.DefaultMaxDepth)},
	{Key: "strict", Env: "SKILLDEX_STRICT", Flag: "strict", Def: "false"},
	{Key: "profiles", Env: "SKILLDEX_PROFILES", Flag: "profile", Def: "native"},
	{Key: "watch", Env: "SKILLDEX_WATCH", Flag: "watch", Def: "fsnotify"},
	{Key: "debounce", Env: "SKILLDEX_DEBOUNCE", Flag: "debounce", Def: filewatcher.DefaultDebounce.String()},
	{Key: "rescan", Env: "SKILLDEX_RESCAN", Flag: "rescan", Def: "30s"},
	{Key: "allow_scripts", Env: "SKILLDEX_ALLOW_SCRIPTS", Flag: "allow-scripts", Def: "false"},
	{Key: "sandbox", Env: "SKILLDEX_SANDBOX", Flag: "sandbox", Def: "bwrap"},
	{Key: "http", Env: "SKILLDEX_HTTP", Flag: "http"},
	{Key: "token", Env: "SKILLDEX_TOKEN", Flag: "token", Secret: true},
	{Key: "embeddings_url", Env: "SKILLDEX_EMBEDDINGS_URL", Flag: "embeddings-url"},
	{Key: "embeddings_model", Env: "SKILLDEX_EMBEDDINGS_MODEL", Flag: "embeddings-model"},
	{Key: "embeddings_key", Env: "SKILLDEX_EMBEDDINGS_KEY", Secret: true},
	{Key: "verbose", Env: "SKILLDEX_VERBOSE", Flag: "verbose", Def: "false"},
	{Key: "allow_missing", Env: "SKILLDEX_ALLOW_MISSING", Flag: "allow-missing", Def: "false"},
}

// RootLabels are the labels a root may have (index.Root.Label).
var RootLabels = map[string]bool{"": true, "project": true, "personal": true, "global": true}

// Resolve fills the effective configuration from flags (those cmd has and
// were given), the environment, the config file and the defaults, and
// records where each value came from. A Setting cmd has a flag for but
// that was not given is written to the flag too, so a command reading its
// own flag (serve's --watch, run's --sandbox) sees the configured value.
func (c *Config) Resolve(cmd *cobra.Command) error {
	layers, err := c.ReadConfigFiles()
	if err != nil {
		return err
	}
	c.Files = nil
	for _, l := range layers {
		c.Files = append(c.Files, l.file)
	}
	c.Sources = map[string]string{}
	flags := cmd.Flags()
	given := func(key string) bool {
		s := SettingFor(key)
		fl := flags.Lookup(s.Flag)
		return fl != nil && fl.Changed || os.Getenv(s.Env) != ""
	}
	for _, l := range layers {
		if err := l.checkTrust(given); err != nil {
			return err
		}
	}
	cv := reflect.ValueOf(c).Elem()
	for _, s := range Settings {
		i := FieldIndex(s.Key)
		field := cv.Field(i)
		fl := flags.Lookup(s.Flag)
		if s.Key == "watch" && flags.Changed("no-watch") {
			if off, _ := flags.GetBool("no-watch"); off {
				c.Watch, c.Sources[s.Key] = "off", "flag --no-watch"
				continue
			}
		}
		layer := topLayer(layers, s.Key)
		switch env := os.Getenv(s.Env); {
		case fl != nil && fl.Changed:
			if field.Kind() != reflect.Slice { // slices are bound to their flag
				if err := setString(field, fl.Value.String()); err != nil {
					return fmt.Errorf("--%s: %w", s.Flag, err)
				}
			}
			c.Sources[s.Key] = "flag --" + s.Flag
		case env != "":
			if err := setString(field, env); err != nil {
				return fmt.Errorf("%s=%q: %w", s.Env, env, err)
			}
			c.Sources[s.Key] = "env " + s.Env
		case layer != nil:
			field.Set(reflect.ValueOf(&layer.fc.Config).Elem().Field(i))
			c.Sources[s.Key] = layer.source()
		default:
			if err := setString(field, defaultFor(s)); err != nil {
				return err
			}
			c.Sources[s.Key] = "default"
		}
		if fl != nil && !fl.Changed && c.Sources[s.Key] != "default" {
			if err := c.toFlag(cmd, s, field); err != nil {
				return err
			}
		}
	}
	c.resolveRoots(layers) // after the settings: a seed profile has roots of its own
	c.DataDir = ExpandHome(c.DataDir)
	c.addSourceRoots(cmd.ErrOrStderr(), cmd.Annotations[SourcesAnnotation] != "")
	if c.ForAgent != "" && !strings.HasPrefix(c.Sources["roots"], "default") {
		// Not an error: an agent's entry says --for-agent, and the user
		// may still name the folders with SKILLDEX_DIRS or a config file.
		fmt.Fprintf(cmd.ErrOrStderr(), "skilldex: --for-agent %s leaves out only default folders; the folders here come from %s and are all served\n",
			c.ForAgent, c.Sources["roots"])
	}
	return c.Check()
}

// topLayer is the highest-precedence layer that sets key, or nil.
func topLayer(layers []*ConfigLayer, key string) *ConfigLayer {
	for i := len(layers) - 1; i >= 0; i-- {
		if layers[i].keys[key] {
			return layers[i]
		}
	}
	return nil
}

// ExpandHome turns a leading "~" into the home folder: agents start
// servers without a shell, so nothing else would.
func ExpandHome(p string) string {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return p
	}
	return filepath.Join(home, p[1:])
}

// toFlag writes a resolved Setting to the command's flag of that name.
func (c *Config) toFlag(cmd *cobra.Command, s Setting, field reflect.Value) error {
	if s.Key == "watch" && c.Watch == "off" {
		if cmd.Flags().Lookup("no-watch") != nil {
			return cmd.Flags().Set("no-watch", "true")
		}
		return nil
	}
	return cmd.Flags().Lookup(s.Flag).Value.Set(formatValue(field))
}

// Check refuses values no command could use.
func (c *Config) Check() error {
	if c.ForAgent != "" && !slices.Contains(SkillAgents, c.ForAgent) {
		return fmt.Errorf("--for-agent %q: use one of %s", c.ForAgent, strings.Join(SkillAgents, ", "))
	}
	switch c.Watch {
	case "fsnotify", "poll", "off":
	default:
		return fmt.Errorf("watch %q (%s): use fsnotify, poll or off", c.Watch, c.Sources["watch"])
	}
	switch c.Sandbox {
	case "bwrap", "bubblewrap", "none":
	default:
		return fmt.Errorf("sandbox %q (%s): use bwrap or none", c.Sandbox, c.Sources["sandbox"])
	}
	if c.MaxDepth < 0 || c.Debounce < 0 || c.Rescan < 0 {
		return fmt.Errorf("max_depth, debounce and rescan cannot be negative")
	}
	if c.EmbeddingsURL != "" && c.EmbeddingsModel == "" {
		return fmt.Errorf("embeddings_url (%s) needs a model too: set --embeddings-model (or SKILLDEX_EMBEDDINGS_MODEL), e.g. nomic-embed-text for Ollama",
			c.Sources["embeddings_url"])
	}
	if _, err := c.Embedder(); err != nil {
		return fmt.Errorf("embeddings_url (%s): %w", c.Sources["embeddings_url"], err)
	}
	return nil
}

// resolveRoots picks the roots: --dir, else SKILLDEX_DIRS, else the
// highest config file's that has roots (by priority), else DefaultRoots;
// "~" is the home folder.
func (c *Config) resolveRoots(layers []*ConfigLayer) {
	c.RootList = nil
	layer := topLayer(layers, "roots")
	switch env := os.Getenv("SKILLDEX_DIRS"); {
	case len(c.Dirs) > 0:
		for _, d := range c.Dirs {
			c.RootList = append(c.RootList, RootSetting{Path: d, Label: "project"})
		}
		c.Sources["roots"] = "flag --dir"
	case env != "":
		for _, d := range filepath.SplitList(env) {
			c.RootList = append(c.RootList, RootSetting{Path: d, Label: "project"})
		}
		c.Sources["roots"] = "env SKILLDEX_DIRS"
	case layer != nil && len(layer.fc.Roots) > 0:
		c.RootList = layer.fc.Roots
		c.Sources["roots"] = layer.source()
	default:
		home, _ := os.UserHomeDir()
		wd := c.Project
		if wd == "" {
			wd, _ = os.Getwd()
		}
		wd, _ = filepath.Abs(ExpandHome(wd))
		if seed := SeedRoots(c.Profiles, wd, home); seed != nil {
			for _, r := range seed {
				c.RootList = append(c.RootList, RootSetting{Path: r.Path, Label: r.Label, Why: r.Why})
			}
			c.Sources["roots"] = "default of the " + c.Profiles[0] + " profile's seed"
			break
		}
		native := NativeFolders(c.ForAgent)
		for _, r := range DefaultRoots(wd, home) {
			if native[r.Folder] {
				c.SkippedNative = append(c.SkippedNative, r.Path)
				continue
			}
			c.RootList = append(c.RootList, RootSetting{Path: r.Path, Label: r.Label, Why: r.Why})
		}
		c.Sources["roots"] = "default"
		if c.ForAgent != "" {
			c.Sources["roots"] = "default, without the folders " + c.ForAgent + " loads itself"
		}
	}
	c.Roots = nil
	for i, r := range c.RootList {
		c.RootList[i].Status = RootStatus(ExpandHome(r.Path))
		c.RootList[i].Path = ExpandHome(r.Path)
		c.Roots = append(c.Roots, index.Root{Path: c.RootList[i].Path, Label: r.Label})
	}
}

// defaultFor is a Setting's default; the data dir's depends on the user.
func defaultFor(s Setting) string {
	if s.Key == "data_dir" {
		return defaultDataDir()
	}
	return s.Def
}

func defaultDataDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "skilldex")
}

// FieldIndex returns the index of the Config field with yaml key key.
func FieldIndex(key string) int {
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); name == key {
			return i
		}
	}
	panic("config: no field for Setting " + key)
}

// setString parses s into a Setting's field by its type: text, a boolean
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

// Logger writes to stderr only: on the stdio transport stdout is the MCP
// stream.
func (c *Config) Logger(stderr io.Writer) *slog.Logger {
	level := slog.LevelWarn
	if c.Verbose {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
}

// Mode is the validation mode the catalog opens with: skillmd.Strict with
// --strict, else the lenient default.
func (c *Config) Mode() skillmd.Mode {
	if c.Strict {
		return skillmd.Strict
	}
	return skillmd.Lenient
}
