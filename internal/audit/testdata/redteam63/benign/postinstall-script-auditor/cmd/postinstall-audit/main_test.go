package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Fixtures are read as data only; nothing in testdata is ever executed.
func TestFixtures(t *testing.T) {
	want := map[string]string{
		"evil-pipe-shell.json":  "high",
		"evil-env-exfil.json":   "high",
		"evil-base64-eval.json": "high",
		"fetch-prebuilt.json":   "medium",
		"benign-native.json":    "info",
		"benign-husky.json":     "low",
	}
	for file, score := range want {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fixtures", file))
		if err != nil {
			t.Fatal(err)
		}
		var p pkgJSON
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got := Audit(p)
		if len(got) == 0 {
			t.Fatalf("%s: no findings", file)
		}
		if got[0].Score != score {
			t.Errorf("%s: score %s, want %s (rules %v)", file, got[0].Score, score, got[0].Rules)
		}
	}
}
