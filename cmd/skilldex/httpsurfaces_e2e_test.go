package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHTTPSurfacesBothWays: serve --http mounts the JSON API, the metrics
// and the probes whether it serves from its own process (--share off) or
// through the shared server (the default), with the same token rules.
func TestHTTPSurfacesBothWays(t *testing.T) {
	ex := repoRoot(t) + "/examples/skills"
	for _, share := range []string{"off", "auto"} {
		t.Run("share="+share, func(t *testing.T) {
			s := startHTTP(t, []string{"SKILLDEX_TOKEN=tok"}, "serve", "--share", share, "--dir", ex, "--data-dir", t.TempDir(), "--http", "127.0.0.1:0")
			if shared := strings.Contains(s.stderr.String(), "shared server"); shared != (share == "auto") {
				t.Fatalf("--share %s: served through the shared server %v:\n%s", share, shared, s.stderr.String())
			}
			base := strings.TrimSuffix(s.url, "/mcp")
			get := func(path, token string) (int, string) {
				req, _ := http.NewRequest(http.MethodGet, base+path, nil)
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				body, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(body)
			}
			deadline := time.Now().Add(time.Minute)
			for code, _ := get("/readyz", ""); code != 200; code, _ = get("/readyz", "") {
				if time.Now().After(deadline) {
					t.Fatalf("/readyz never 200: %s", s.stderr.String())
				}
				time.Sleep(50 * time.Millisecond)
			}
			if code, body := get("/api/v1/search?q=pdf+form", "tok"); code != 200 || !strings.Contains(body, `"pdf-forms"`) {
				t.Errorf("search: %d %s", code, body)
			}
			if code, _ := get("/api/v1/skills", ""); code != 401 {
				t.Errorf("API without the token: %d, want 401", code)
			}
			code, body := get("/metrics", "tok")
			for _, want := range []string{"skilldex_catalog_skills 5", `http_route="GET /api/v1/search"`, "go_goroutines"} {
				if code != 200 || !strings.Contains(body, want) {
					t.Errorf("/metrics (%d) lacks %s", code, want)
				}
			}
		})
	}
}
