package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/config"
)

// TestConfigTrustBoundary is issue 14 B4: a skilldex.yaml in the working
// folder (a cloned repository) cannot enable scripts, turn the sandbox off,
// bind a non-loopback address, set a token or move the data dir. Each is
// refused with an error naming the key and where it may come from instead;
// nothing is served. The same keys from the user's own file, a file named
// with --config, a flag or the environment are accepted.
func TestConfigTrustBoundary(t *testing.T) {
	refused := []struct{ conf, key string }{
		{"allow_scripts: true\n", "allow_scripts"},
		{"sandbox: none\n", "sandbox"},
		{"http: 0.0.0.0:18799\n", "http"},
		{"http: 192.168.1.5:80\n", "http"},
		{"token: s3cret\n", "token"},
		{"data_dir: ./dd\n", "data_dir"},
		{"embeddings_url: https://collector.example/v1\nembeddings_model: m\n", "embeddings_url"},
		{"embeddings_key: sk-repo\n", "embeddings_key"},
		{"embeddings_model: m\n", "embeddings_model"},
		// The reproduction from the issue, all at once.
		{"allow_scripts: true\nsandbox: none\nhttp: 0.0.0.0:18799\n", "allow_scripts"},
	}
	for _, tc := range refused {
		for _, cmd := range [][]string{{"config"}, {"serve", "--no-watch", "--mem", "--dir", "skills"}, {"list", "--mem"}} {
			t.Run(tc.key+"/"+cmd[0], func(t *testing.T) {
				wd, _ := fakeUser(t)
				writeFile(t, filepath.Join(wd, "skilldex.yaml"), tc.conf)
				r := cli(t, cmd...)
				if r.code == 0 {
					t.Fatalf("%q accepted from the working folder's skilldex.yaml:\n%s%s", tc.conf, r.stdout, r.stderr)
				}
				for _, want := range []string{"sets " + tc.key, "--" + config.SettingFor(tc.key).Flag, config.SettingFor(tc.key).Env, "config.yaml", "--config"} {
					if !strings.Contains(r.stderr, want) {
						t.Errorf("error does not say %q:\n%s", want, r.stderr)
					}
				}
				if strings.Contains(r.stderr, "level=WARN") {
					t.Errorf("a warning instead of (or besides) a refusal:\n%s", r.stderr)
				}
			})
		}
	}

	// Values that widen nothing stay allowed in the project file.
	t.Run("harmless", func(t *testing.T) {
		wd, _ := fakeUser(t)
		writeFile(t, filepath.Join(wd, "skilldex.yaml"), "allow_scripts: false\nsandbox: bwrap\nhttp: :8765\nwatch: poll\nroots: [skills]\n")
		if r := cli(t, "config"); r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})

	// A flag or the environment overrides the file's value, so nothing
	// from the file takes effect and nothing is refused.
	t.Run("overridden", func(t *testing.T) {
		wd, _ := fakeUser(t)
		writeFile(t, filepath.Join(wd, "skilldex.yaml"), "sandbox: none\nhttp: 0.0.0.0:1\n")
		t.Setenv("SKILLDEX_HTTP", "127.0.0.1:9")
		if r := cli(t, "config", "--json"); r.code == 0 || !strings.Contains(r.stderr, "sets sandbox") {
			t.Fatalf("sandbox: none not refused when only http is overridden: exit %d: %s", r.code, r.stderr)
		}
		t.Setenv("SKILLDEX_SANDBOX", "bwrap")
		if r := cli(t, "config", "--json"); r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		_ = wd
	})

	// The same config.Settings from the user's own file and from --config.
	for _, where := range []string{"user", "named"} {
		t.Run("trusted/"+where, func(t *testing.T) {
			wd, home := fakeUser(t)
			conf := "allow_scripts: true\nsandbox: none\nhttp: 0.0.0.0:18799\ntoken: s3cret\ndata_dir: " + filepath.Join(home, "dd") + "\n"
			args := []string{"config", "--json"}
			if where == "user" {
				writeFile(t, filepath.Join(home, ".config", "skilldex", "config.yaml"), conf)
				// A project file beside it adds roots; it cannot undo
				// the user's trust config.Settings, nor is it refused.
				writeFile(t, filepath.Join(wd, "skilldex.yaml"), "roots: [skills]\n")
			} else {
				writeFile(t, filepath.Join(wd, "team.yaml"), conf)
				args = append(args, "--config", "team.yaml")
			}
			var out struct {
				Settings []struct {
					Key    string `json:"key"`
					Value  any    `json:"value"`
					Source string `json:"source"`
				} `json:"settings"`
			}
			mustJSON(t, cli(t, args...), &out)
			got := map[string]any{}
			for _, s := range out.Settings {
				got[s.Key] = s.Value
			}
			if got["allow_scripts"] != true || got["sandbox"] != "none" || got["http"] != "0.0.0.0:18799" || got["data_dir"] != filepath.Join(home, "dd") {
				t.Errorf("trusted config.Settings not applied: %v", got)
			}
		})
	}

	// Flags and the environment may widen trust (the user typed them).
	t.Run("flags", func(t *testing.T) {
		fakeUser(t)
		t.Setenv("SKILLDEX_SANDBOX", "none")
		if r := cli(t, "config", "--json", "--data-dir", t.TempDir()); r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})
}

// TestConfigUnknownKey: a typo in a key is refused with the line and the
// config.Closest key, at the top level and inside a root.
func TestConfigUnknownKey(t *testing.T) {
	cases := []struct{ conf, want string }{
		{"watcg: poll\n", `line 1: unknown key "watcg"; did you mean "watch"?`},
		{"watch: poll\nallow_script: true\n", `line 2: unknown key "allow_script"; did you mean "allow_scripts"?`},
		{"roots:\n  - path: x\n    priorty: 2\n", `line 3: unknown key "priorty" in a root; did you mean "priority"?`},
		{"zzzzzzzz: 1\n", `unknown key "zzzzzzzz" (the keys: roots, profile,`},
		{"- a\n- b\n", "want a mapping of keys"},
	}
	for _, tc := range cases {
		wd, _ := fakeUser(t)
		writeFile(t, filepath.Join(wd, "skilldex.yaml"), tc.conf)
		r := cli(t, "config")
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", tc.conf, r.code, r.stderr, tc.want)
		}
		if strings.Contains(r.stderr, "main.fileConfig") {
			t.Errorf("%q: Go type names in the error: %s", tc.conf, r.stderr)
		}
	}
}

// TestConfigMasksEmbeddingsSecrets: `skilldex config` shows the
// embeddings key masked and a password written into the embeddings URL
// redacted, as a table and as JSON.
func TestConfigMasksEmbeddingsSecrets(t *testing.T) {
	fakeUser(t)
	t.Setenv("SKILLDEX_EMBEDDINGS_KEY", "sk-very-secret")
	t.Setenv("SKILLDEX_EMBEDDINGS_URL", "http://user:hunter2@127.0.0.1:11434/v1")
	t.Setenv("SKILLDEX_EMBEDDINGS_MODEL", "nomic-embed-text")
	for _, args := range [][]string{{"config"}, {"config", "--json"}} {
		r := cli(t, args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		out := r.stdout + r.stderr
		if strings.Contains(out, "sk-very-secret") || strings.Contains(out, "hunter2") {
			t.Errorf("%v shows a secret:\n%s", args, out)
		}
		if !strings.Contains(out, "127.0.0.1:11434/v1") || !strings.Contains(out, "nomic-embed-text") {
			t.Errorf("%v hides what is not secret:\n%s", args, out)
		}
	}
}
