package serve

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/web"
)

// TestWebBesideMCP: serve --http's handler serves the web catalog at /
// behind the Host check, the pages ask for the token themselves (a
// browser without it is sent to /login), and /mcp keeps its guard.
func TestWebBesideMCP(t *testing.T) {
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: filepath.Join("..", "..", "examples", "skills")}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	srv, err := tools.New(cat, nil).NewServer()
	if err != nil {
		t.Fatal(err)
	}
	const token = "s3cret-token"
	g := Guard{Token: token, Routes: &Routes{Web: WebCatalog(cat, SessionOptions{}, nil, token, nil)}}
	h := NewHTTPHandler(srv, g, nil)
	ts := httptest.NewServer(h)
	defer ts.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string, hdr ...string) (int, string, http.Header) {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			if hdr[i] == "Host" {
				req.Host = hdr[i+1]
			}
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header
	}
	if code, _, hdr := get("/?q=pdf"); code != http.StatusSeeOther || !strings.HasPrefix(hdr.Get("Location"), "/login") {
		t.Errorf("/ without the token: %d to %q, want 303 to /login", code, hdr.Get("Location"))
	}
	if code, _, _ := get("/login"); code != 200 {
		t.Errorf("/login: %d", code)
	}
	if code, body, _ := get("/?q=pdf", "Cookie", web.CookieName+"="+token); code != 200 || !strings.Contains(body, `href="/skills/pdf-forms"`) {
		t.Errorf("/?q=pdf with the cookie: %d", code)
	}
	if code, _, _ := get("/skills/pdf-forms", "Authorization", "Bearer "+token); code != 200 {
		t.Errorf("a skill page with the bearer token: %d", code)
	}
	if code, _, _ := get("/login", "Host", "attacker.example"); code != http.StatusForbidden {
		t.Errorf("the web catalog under a rebinding Host: %d, want 403", code)
	}
	if code, _, _ := get("/mcp"); code != http.StatusUnauthorized {
		t.Errorf("/mcp without the token: %d, want 401", code)
	}
}
