package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
)

// TestConfigSources writes a skilldex.yaml with prioritised, labelled
// roots and checks what `skilldex config --json` reports for each setting
// and where it came from (flag beats env beats file beats default), and
// that list honours the priorities: the higher root wins a shared name.
func TestConfigSources(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	env := agentEnv(home)
	for _, root := range []string{"low", "high"} {
		p := filepath.Join(dir, root, "shared-name")
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, "SKILL.md"), []byte("---\nname: shared-name\ndescription: The copy in the "+root+" root, to see which root wins a shared name.\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conf := `roots:
  - path: low
    label: personal
    priority: 1
  - path: high
    label: project
    priority: 10
  - ~/home-skills
allow_missing: true
profile: universal
watch: poll
rescan: 5s
allow_scripts: false
`
	file := filepath.Join(dir, "skilldex.yaml")
	if err := os.WriteFile(file, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	// Settings that widen trust come from the user's own file; the
	// project file, which wins a key both set, can narrow them.
	userFile := filepath.Join(home, ".config", "skilldex", "config.yaml")
	writeFile(t, userFile, "allow_scripts: true\nsandbox: none\ndata_dir: ~/cache\nwatch: fsnotify\n")
	r := runIn(t, dir, append(env, "SKILLDEX_RESCAN=7s", "SKILLDEX_MAX_DEPTH=5"), "config", "--json", "--max-depth", "3")
	var out struct {
		ConfigFile string `json:"config_file"`
		Settings   []struct {
			Key    string          `json:"key"`
			Value  json.RawMessage `json:"value"`
			Source string          `json:"source"`
		} `json:"settings"`
	}
	mustJSON(t, r, &out)
	if out.ConfigFile != "skilldex.yaml" {
		t.Errorf("config file %q", out.ConfigFile)
	}
	got := map[string]string{}
	for _, s := range out.Settings {
		var b bytes.Buffer
		if err := json.Compact(&b, s.Value); err != nil {
			t.Fatal(err)
		}
		got[s.Key] = b.String() + " from " + s.Source
	}
	fileSrc := " from file skilldex.yaml"
	want := map[string]string{
		"roots": `[{"path":"` + filepath.Join(dir, "high") + `","label":"project","priority":10,"status":"exists"},{"path":"` + filepath.Join(dir, "low") +
			`","label":"personal","priority":1,"status":"exists"},{"path":"` + filepath.Join(home, "home-skills") + `","priority":0,"status":"missing"}]` + fileSrc,
		"profiles":      `["universal"]` + fileSrc,
		"watch":         `"poll"` + fileSrc,
		"rescan":        `"7s" from env SKILLDEX_RESCAN`,
		"max_depth":     `3 from flag --max-depth`,
		"allow_scripts": `false` + fileSrc,
		"sandbox":       `"none" from file ` + userFile,
		"mem":           `false from default`,
		"debounce":      `"200ms" from default`,
		"data_dir":      `"` + filepath.Join(home, "cache") + `" from file ` + userFile,
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %s\nwant %s", k, got[k], w)
		}
	}

	var list []index.Skill
	mustJSON(t, runIn(t, dir, env, "list", "--json", "--shadowed", "--mem"), &list)
	if len(list) != 2 || list[0].ShadowedBy == "" && list[1].ShadowedBy == "" {
		t.Fatalf("want two copies of shared-name, one shadowed: %+v", list)
	}
	for _, s := range list {
		if s.ShadowedBy == "" && (!strings.Contains(s.Dir, "high") || s.RootLabel != "project") {
			t.Errorf("the winner is %s (%s); the priority-10 root must win", s.Dir, s.RootLabel)
		}
	}

	text := runIn(t, dir, env, "config")
	if text.code != 0 || !strings.Contains(text.stdout, "config file: skilldex.yaml") || !strings.Contains(text.stdout, "1. "+filepath.Join(dir, "high")+" (project, exists, priority 10)") {
		t.Errorf("config text:\n%s%s", text.stdout, text.stderr)
	}
}

// TestConfigErrors: a typo, a bad label or value is refused with a clear
// error naming what to change.
func TestConfigErrors(t *testing.T) {
	cases := []struct{ conf, env, want string }{
		{"allow_script: true\n", "", `unknown key "allow_script"; did you mean "allow_scripts"?`},
		{"roots:\n  - path: x\n    label: team\n", "", `label "team"; use project, personal or global`},
		{"watch: sometimes\n", "", `watch "sometimes"`},
		{"", "SKILLDEX_MEM=maybe", "SKILLDEX_MEM=\"maybe\": want true or false"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "skilldex.yaml"), []byte(tc.conf), 0o644); err != nil {
			t.Fatal(err)
		}
		env := agentEnv(t.TempDir())
		if tc.env != "" {
			env = append(env, tc.env)
		}
		r := runIn(t, dir, env, "config")
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q %s: exit %d, stderr %q; want %q", tc.conf, tc.env, r.code, r.stderr, tc.want)
		}
	}
}

// TestConfigReachesServeFlags: settings that serve and run read from their
// own flags (watch, debounce, rescan, sandbox) get the configured values
// when the flag is not given, and a given flag still wins.
func TestConfigReachesServeFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "conf.yaml")
	if err := os.WriteFile(file, []byte("watch: off\nrescan: 2s\ndebounce: 50ms\nsandbox: none\nhttp: 127.0.0.1:0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SKILLDEX_CONFIG", file)
	t.Setenv("SKILLDEX_DEBOUNCE", "75ms")
	cfg := &config.Config{}
	serve := newServeCmd(cfg)
	if err := serve.ParseFlags([]string{"--rescan", "3s"}); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Resolve(serve); err != nil {
		t.Fatal(err)
	}
	f := serve.Flags()
	noWatch, _ := f.GetBool("no-watch")
	debounce, _ := f.GetDuration("debounce")
	rescan, _ := f.GetDuration("rescan")
	if !noWatch || debounce.String() != "75ms" || rescan.String() != "3s" || cfg.Sandbox != "none" || cfg.HTTP != "127.0.0.1:0" {
		t.Errorf("no-watch %v debounce %v rescan %v sandbox %q http %q; want true 75ms 3s none 127.0.0.1:0", noWatch, debounce, rescan, cfg.Sandbox, cfg.HTTP)
	}
	if cfg.Sources["rescan"] != "flag --rescan" || cfg.Sources["debounce"] != "env SKILLDEX_DEBOUNCE" || cfg.Sources["watch"] != "file "+file {
		t.Errorf("sources %v", cfg.Sources)
	}

	cfg = &config.Config{}
	run := newRunCmd(cfg)
	if err := cfg.Resolve(run); err != nil {
		t.Fatal(err)
	}
	if kind, _ := run.Flags().GetString("sandbox"); kind != "none" {
		t.Errorf("run --sandbox is %q; the config says none", kind)
	}
}

// TestJSONEverywhere runs each command with --json on the examples and
// checks that stdout is one JSON document with the top-level fields
// docs/json.md gives it.
func TestJSONEverywhere(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	data := t.TempDir()
	common := []string{"--json", "--dir", ex, "--data-dir", data}
	cases := []struct {
		args []string
		keys []string // nil: an array
	}{
		{[]string{"list"}, nil},
		{[]string{"search", "pdf", "form"}, []string{"query", "hits", "total", "no_good_match"}},
		{[]string{"show", "pdf-forms"}, []string{"skill", "base_dir", "content", "files"}},
		{[]string{"read", "pdf-forms", "references/forms.md"}, []string{"skill_id", "path", "content", "size"}},
		{[]string{"validate", ex}, []string{"valid", "invalid", "skills"}},
		{[]string{"index"}, []string{"roots", "data_dir", "skills", "valid", "invalid", "shadowed", "diagnostics", "open_ms", "refresh_ms"}},
		{[]string{"doctor"}, []string{"skills", "served", "invalid", "shadowed", "errors", "warnings", "infos", "codes", "listing", "findings"}},
		{[]string{"prompt"}, []string{"format", "budget", "chars", "full_chars", "mode", "total", "listed", "omitted", "skills", "text"}},
		{[]string{"config"}, []string{"config_file", "config_files", "searched", "settings"}},
		{[]string{"init-agent", "claude", "--command", "skilldex"}, []string{"agent", "file", "format", "server", "native_left_out", "plan", "config", "written", "changed", "notes"}},
	}
	for _, tc := range cases {
		t.Run(tc.args[0], func(t *testing.T) {
			r := run(t, append(tc.args, common...)...)
			if tc.keys == nil {
				var arr []json.RawMessage
				mustJSON(t, r, &arr)
				return
			}
			var obj map[string]json.RawMessage
			mustJSON(t, r, &obj)
			for _, k := range tc.keys {
				if _, ok := obj[k]; !ok {
					t.Errorf("no %q in %s", k, strings.Join(slices.Sorted(maps.Keys(obj)), ", "))
				}
			}
			if len(obj) != len(tc.keys) {
				t.Errorf("fields %v; docs/json.md lists %v", slices.Sorted(maps.Keys(obj)), tc.keys)
			}
		})
	}
}
