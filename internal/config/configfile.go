package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/internal/serve"
	"gopkg.in/yaml.v3"
)

// ProjectConfig is the config file looked for in the working folder. It
// usually comes with a cloned repository, so it is not trusted to widen
// what skilldex does (see configLayer.checkTrust).
const ProjectConfig = "skilldex.yaml"

// UserConfig is the user's own config file,
// $XDG_CONFIG_HOME/skilldex/config.yaml (~/.config/skilldex/config.yaml on
// Linux), or "" when the platform has no config folder.
func UserConfig() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "skilldex", "config.yaml")
}

// ConfigPaths are where config files are looked for when neither --config
// nor SKILLDEX_CONFIG names one, highest precedence first: the working
// folder's skilldex.yaml, then the user's own file.
func ConfigPaths() []string {
	paths := []string{ProjectConfig}
	if u := UserConfig(); u != "" {
		paths = append(paths, u)
	}
	return paths
}

// ConfigLayer is one config file that was read.
type ConfigLayer struct {
	file string
	// trusted is true for a file the user named (--config,
	// SKILLDEX_CONFIG) or owns (UserConfig); false for one found in the
	// working folder.
	trusted bool
	fc      FileConfig
	// keys are the top-level keys the file sets.
	keys map[string]bool
}

// source is how `skilldex config` names the layer.
func (l *ConfigLayer) source() string { return "file " + l.file }

// ReadConfigFiles finds and decodes the config files, lowest precedence
// first: the file --config or SKILLDEX_CONFIG names (alone), else the
// user's own file and then the working folder's skilldex.yaml, each when it
// exists. A named file that is missing is an error; so is an unknown key
// (with the Closest known key) or a bad root.
func (c *Config) ReadConfigFiles() ([]*ConfigLayer, error) {
	named := c.ConfigFile
	if named == "" {
		named = os.Getenv("SKILLDEX_CONFIG")
	}
	if named != "" {
		l, err := ReadConfigLayer(named, true)
		if err != nil {
			return nil, err
		}
		return []*ConfigLayer{l}, nil
	}
	var layers []*ConfigLayer
	for _, f := range []struct {
		path    string
		trusted bool
	}{{UserConfig(), true}, {ProjectConfig, false}} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); errors.Is(err, os.ErrNotExist) {
			continue
		}
		l, err := ReadConfigLayer(f.path, f.trusted)
		if err != nil {
			return nil, err
		}
		layers = append(layers, l)
	}
	return layers, nil
}

// ReadConfigLayer reads and decodes one config file. Relative root paths
// and data_dir are taken relative to the file's folder.
func ReadConfigLayer(file string, trusted bool) (*ConfigLayer, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("config file: %w", err)
	}
	l := &ConfigLayer{file: file, trusted: trusted, keys: map[string]bool{}}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("config file %s: %w", file, err)
	}
	if err := checkKeys(file, &doc, l.keys); err != nil {
		return nil, err
	}
	fc := &l.fc
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(fc); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("config file %s: %w (see skilldex config --help for the keys)", file, err)
	}
	if fc.Profile != "" {
		fc.Profiles = append([]string{fc.Profile}, fc.Profiles...)
		l.keys["profiles"] = true
	}
	base, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return nil, err
	}
	for i, r := range fc.Roots {
		switch {
		case strings.TrimSpace(r.Path) == "":
			return nil, fmt.Errorf("config file %s: root %d has no path", file, i+1)
		case !RootLabels[r.Label]:
			return nil, fmt.Errorf("config file %s: root %s has label %q; use project, personal or global", file, r.Path, r.Label)
		case !filepath.IsAbs(r.Path) && !strings.HasPrefix(r.Path, "~"):
			fc.Roots[i].Path = filepath.Join(base, r.Path)
		}
	}
	if d := fc.DataDir; d != "" && !filepath.IsAbs(d) && !strings.HasPrefix(d, "~") {
		fc.DataDir = filepath.Join(base, d)
	}
	// Higher priority first; equal priorities keep the file's order.
	sort.SliceStable(fc.Roots, func(i, j int) bool { return fc.Roots[i].Priority > fc.Roots[j].Priority })
	return l, nil
}

// fileKeys are the top-level keys a config file may set.
func fileKeys() []string {
	keys := []string{"roots", "profile"}
	for _, s := range Settings {
		keys = append(keys, s.Key)
	}
	return keys
}

// rootKeys are the keys of a root given as a mapping.
var rootKeys = []string{"path", "label", "priority"}

// checkKeys records the top-level keys of doc in keys and refuses an
// unknown key, at the top or in a root, naming its line and the Closest
// known key ("did you mean").
func checkKeys(file string, doc *yaml.Node, keys map[string]bool) error {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil // an empty file
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return fmt.Errorf("config file %s: want a mapping of keys (such as roots: and watch:), got %s", file, nodeKind(top))
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if err := knownKey(file, k, fileKeys(), ""); err != nil {
			return err
		}
		keys[k.Value] = true
		if k.Value != "roots" || v.Kind != yaml.SequenceNode {
			continue
		}
		for _, r := range v.Content {
			if r.Kind != yaml.MappingNode {
				continue
			}
			for j := 0; j < len(r.Content); j += 2 {
				if err := knownKey(file, r.Content[j], rootKeys, " in a root"); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func knownKey(file string, k *yaml.Node, known []string, what string) error {
	for _, w := range known {
		if k.Value == w {
			return nil
		}
	}
	msg := fmt.Sprintf("config file %s, line %d: unknown key %q%s", file, k.Line, k.Value, what)
	if s := Closest(k.Value, known); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return errors.New(msg + " (the keys: " + strings.Join(known, ", ") + ")")
}

func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return "a single value"
	}
	return "something else"
}

// Closest is the word of known nearest to w by edit distance, when it is
// near enough to be a typo (at most a third of w's letters, and at least
// one, differ); else "".
func Closest(w string, known []string) string {
	best, bestD := "", max(1, len(w)/3)+1
	for _, k := range known {
		if d := EditDistance(strings.ToLower(w), k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b in bytes
// (config keys are ASCII).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// trustRule is a Setting that widens what skilldex does: who can reach it,
// what it runs, where it writes. Such a value may come from a flag, an
// environment variable or a trusted config file, never from a file found
// in the working folder (a cloned repository could otherwise turn on
// unsandboxed scripts and a network listener).
type trustRule struct {
	key string
	// widens reports whether the file's value widens trust, and says how.
	widens func(c *Config) (string, bool)
}

var trustRules = []trustRule{
	{"allow_scripts", func(c *Config) (string, bool) { return "enable scripts", c.AllowScripts }},
	{"sandbox", func(c *Config) (string, bool) { return "turn the script sandbox off", c.Sandbox == "none" }},
	{"http", func(c *Config) (string, bool) {
		if c.HTTP == "" {
			return "", false
		}
		_, loopback, err := serve.HTTPAddr(c.HTTP)
		return "serve MCP on a network address", err != nil || !loopback
	}},
	{"token", func(c *Config) (string, bool) { return "set the HTTP bearer token", c.Token != "" }},
	{"data_dir", func(c *Config) (string, bool) { return "move the data dir", c.DataDir != "" }},
	{"embeddings_url", func(c *Config) (string, bool) {
		return "send the skills' and queries' text to an embeddings endpoint", c.EmbeddingsURL != ""
	}},
	// With the user's endpoint, a key or model of the repository's
	// would send the user's texts on the repository author's account.
	{"embeddings_key", func(c *Config) (string, bool) { return "set the embeddings key", c.EmbeddingsKey != "" }},
	{"embeddings_model", func(c *Config) (string, bool) { return "choose the embedding model", c.EmbeddingsModel != "" }},
}

// checkTrust refuses a Setting from an untrusted layer that widens trust,
// when no flag or environment variable overrides it: the error names the
// key, the file, and the places the Setting may come from instead.
func (l *ConfigLayer) checkTrust(overridden func(key string) bool) error {
	if l.trusted {
		return nil
	}
	for _, r := range trustRules {
		if !l.keys[r.key] || overridden(r.key) {
			continue
		}
		what, widens := r.widens(&l.fc.Config)
		if !widens {
			continue
		}
		s := SettingFor(r.key)
		where := fmt.Sprintf("the flag --%s, the environment variable %s", s.Flag, s.Env)
		if s.Flag == "" {
			where = "the environment variable " + s.Env
		}
		if u := UserConfig(); u != "" {
			where += ", your own config file " + u
		}
		abs, _ := filepath.Abs(l.file)
		return fmt.Errorf("config file %s sets %s, but a config file found in the working folder cannot %s "+
			"(it may come from a cloned repository); set it with %s, or a file you name with --config",
			abs, r.key, what, where)
	}
	return nil
}

// SettingFor is the Setting with key key.
func SettingFor(key string) Setting {
	for _, s := range Settings {
		if s.Key == key {
			return s
		}
	}
	panic("config: no Setting " + key)
}
