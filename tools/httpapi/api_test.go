package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/httpapi"
)

func skillMD(front, body string) string { return "---\n" + front + "\n---\n\n" + body }

// files is a small catalog: a nested id (group/pdf-forms), a reference
// file, a skill hidden from the model and ordinary ones.
var files = map[string]string{
	"group/pdf-forms/SKILL.md": skillMD("name: pdf-forms\ndescription: Fill PDF forms and extract form fields from PDF documents",
		"# PDF forms\n\nSee [the guide](references/guide.md).\n"),
	"group/pdf-forms/references/guide.md": "# Guide\n\nUse pdftk.\n",
	"deploy-secrets/SKILL.md": skillMD("name: deploy-secrets\ndescription: Rotate production deploy secrets and PDF signing keys\ndisable-model-invocation: true",
		"# Deploy secrets\n"),
	"deploy-docs/SKILL.md":   skillMD("name: deploy-docs\ndescription: Publish deploy documentation", "# Deploy docs\n"),
	"release-notes/SKILL.md": skillMD("name: release-notes\ndescription: Write release notes for a deploy", "# Release notes\n"),
	"zeta/SKILL.md":          skillMD("name: zeta\ndescription: The last skill by name, about PDF reports", "# Zeta\n"),
}

type fixture struct {
	dir string
	cat *index.Catalog
	srv *httptest.Server
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	dir := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: dir}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	view := tools.New(cat, nil).View()
	mux := http.NewServeMux()
	mux.Handle(httpapi.Prefix, httpapi.New(view, nil))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &fixture{dir: dir, cat: cat, srv: srv}
}

// get fetches path with the given request headers (name, value pairs).
func (f *fixture) get(t testing.TB, path string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, f.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := f.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func decode[T any](t testing.TB, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%v in %s", err, body)
	}
	return v
}

func TestSearch(t *testing.T) {
	f := newFixture(t)
	resp, body := f.get(t, "/api/v1/search?q=pdf+forms")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	page := decode[httpapi.SearchPage](t, body)
	if len(page.Hits) == 0 || page.Hits[0].ID != "group/pdf-forms" {
		t.Fatalf("hits %+v, want group/pdf-forms first", page.Hits)
	}
	if strings.Contains(string(body), "deploy-secrets") {
		t.Errorf("search shows the hidden skill: %s", body)
	}
	// The same hits, in the same order, as the catalog's own search
	// through the model's view (what `skilldex search --json` prints,
	// hidden skills left out).
	want, err := tools.New(f.cat, nil).View().Search(context.Background(), index.SearchRequest{Query: "pdf forms", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Hits) != len(page.Hits) {
		t.Fatalf("API %d hits, catalog %d", len(page.Hits), len(want.Hits))
	}
	for i := range want.Hits {
		if want.Hits[i].ID != page.Hits[i].ID || want.Hits[i].Score != page.Hits[i].Score {
			t.Errorf("hit %d: API %s %v, catalog %s %v", i, page.Hits[i].ID, page.Hits[i].Score, want.Hits[i].ID, want.Hits[i].Score)
		}
	}
}

func TestSearchPaging(t *testing.T) {
	f := newFixture(t)
	var ids []string
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 10 {
			t.Fatal("paging does not end")
		}
		path := "/api/v1/search?q=pdf+deploy+release+notes+zeta&limit=1"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		resp, body := f.get(t, path)
		if resp.StatusCode != 200 {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		page := decode[httpapi.SearchPage](t, body)
		for _, h := range page.Hits {
			ids = append(ids, h.ID)
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	all, _ := tools.New(f.cat, nil).View().Search(context.Background(), index.SearchRequest{Query: "pdf deploy release notes zeta", Limit: 100})
	if len(ids) != len(all.Hits) || len(ids) < 3 {
		t.Fatalf("pages gave %v, one search %d hits", ids, len(all.Hits))
	}
	for i, h := range all.Hits {
		if ids[i] != h.ID {
			t.Errorf("page %d: %s, want %s", i, ids[i], h.ID)
		}
	}
	// A cursor of another query is refused.
	resp, body := f.get(t, "/api/v1/search?q=other&cursor="+url.QueryEscape(cursor))
	if resp.StatusCode != 400 || decode[map[string]any](t, body)["code"] != "bad_cursor" {
		t.Errorf("foreign cursor: %d %s", resp.StatusCode, body)
	}
}

var linkNext = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

func TestListPaging(t *testing.T) {
	f := newFixture(t)
	var got []index.Skill
	path := "/api/v1/skills?limit=2"
	for pages := 0; path != ""; pages++ {
		if pages > 10 {
			t.Fatal("paging does not end")
		}
		resp, body := f.get(t, path)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d: %s", path, resp.StatusCode, body)
		}
		if resp.Header.Get("X-Total-Count") != "4" {
			t.Errorf("X-Total-Count %q, want 4 (the hidden skill not counted)", resp.Header.Get("X-Total-Count"))
		}
		got = append(got, decode[[]index.Skill](t, body)...)
		path = ""
		if l := resp.Header.Get("Link"); l != "" {
			m := linkNext.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("Link %q", l)
			}
			path = m[1]
		}
	}
	// `skilldex list --json` prints cat.List: the same skills, in the
	// same order and the same JSON, less the hidden one.
	var want []index.Skill
	for _, s := range f.cat.List(index.ListOptions{}) {
		if s.Name != "deploy-secrets" {
			want = append(want, s)
		}
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Errorf("pages:\n%s\nwant (list --json less the hidden skill):\n%s", gj, wj)
	}
}

func TestSkillAndFile(t *testing.T) {
	f := newFixture(t)
	id := "group/pdf-forms"
	resp, body := f.get(t, httpapi.SkillPath(id))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	l, err := f.cat.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(l.Shown())
	if strings.TrimSpace(string(body)) != string(want) {
		t.Errorf("skill:\n%s\nwant show --json's document:\n%s", body, want)
	}

	resp, body = f.get(t, httpapi.FilePath(id, "references/guide.md"))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	file := decode[index.File](t, body)
	raw, _ := os.ReadFile(filepath.Join(f.dir, "group/pdf-forms/references/guide.md"))
	if file.Content != string(raw) || file.Path != "references/guide.md" || file.SkillID != id {
		t.Errorf("file %+v", file)
	}
	// The ETag is the file's SEP-2640 digest: sha256 of its raw bytes.
	if et := resp.Header.Get("ETag"); et != `"`+httpapi.Digest(raw)+`"` {
		t.Errorf("ETag %s, want the digest %s", et, httpapi.Digest(raw))
	}

	// Ids whose slashes arrive unescaped (a proxy decoding %2F) resolve too.
	for path, want := range map[string]int{
		"/api/v1/skills/group/pdf-forms":                           200,
		"/api/v1/skills/group/pdf-forms/files/references/guide.md": 200,
		"/api/v1/skills/group/pdf-forms/files/references/nope.md":  404,
		"/api/v1/skills/group/nope":                                404,
	} {
		resp, body := f.get(t, path)
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d: %s", path, resp.StatusCode, want, body)
		}
	}
	if _, body := f.get(t, "/api/v1/skills/group/pdf-forms/files/references/guide.md"); !strings.Contains(string(body), "Use pdftk") {
		t.Errorf("unescaped file path: %s", body)
	}

	// Hidden skills: left out of lists, still reachable by exact id.
	resp, _ = f.get(t, httpapi.SkillPath("deploy-secrets"))
	if resp.StatusCode != 200 {
		t.Errorf("hidden skill by exact id: %d", resp.StatusCode)
	}
}

func TestETag(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/api/v1/search?q=pdf", "/api/v1/skills", httpapi.SkillPath("zeta"),
		httpapi.FilePath("zeta", "SKILL.md"), "/api/v1/openapi.json"} {
		resp, body := f.get(t, path)
		et := resp.Header.Get("ETag")
		if resp.StatusCode != 200 || !regexp.MustCompile(`^"sha256:[0-9a-f]{64}"$`).MatchString(et) {
			t.Fatalf("%s: %d, ETag %q", path, resp.StatusCode, et)
		}
		if path != httpapi.FilePath("zeta", "SKILL.md") && et != `"`+httpapi.Digest(body)+`"` {
			t.Errorf("%s: ETag %s is not the digest of the body", path, et)
		}
		resp, body = f.get(t, path, "If-None-Match", et)
		if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("%s If-None-Match: %d %q, want 304 and no body", path, resp.StatusCode, body)
		}
		resp, _ = f.get(t, path, "If-None-Match", `"sha256:0000"`)
		if resp.StatusCode != 200 {
			t.Errorf("%s If-None-Match of another tag: %d", path, resp.StatusCode)
		}
	}
	// An edit changes the file's ETag: the old tag no longer matches.
	resp, _ := f.get(t, httpapi.FilePath("zeta", "SKILL.md"))
	old := resp.Header.Get("ETag")
	edited := skillMD("name: zeta\ndescription: The last skill by name, about PDF reports", "# Zeta\n\nEdited.\n")
	if err := os.WriteFile(filepath.Join(f.dir, "zeta/SKILL.md"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, body := f.get(t, httpapi.FilePath("zeta", "SKILL.md"), "If-None-Match", old)
	if resp.StatusCode != 200 || resp.Header.Get("ETag") != `"`+httpapi.Digest([]byte(edited))+`"` {
		t.Errorf("after an edit: %d, ETag %s: %s", resp.StatusCode, resp.Header.Get("ETag"), body)
	}
}

func TestErrors(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/v1/search", 400, "bad_request"},
		{"GET", "/api/v1/search?q=pdf&limit=0", 400, "bad_request"},
		{"GET", "/api/v1/search?q=pdf&limit=101", 400, "bad_request"},
		{"GET", "/api/v1/search?q=pdf&cursor=%21", 400, "bad_cursor"},
		{"GET", "/api/v1/skills?limit=x", 400, "bad_request"},
		{"GET", "/api/v1/skills?cursor=%21", 400, "bad_cursor"},
		{"GET", "/api/v1/skills/zetta", 404, "not_found"},
		{"GET", httpapi.FilePath("zeta", "nope.md"), 404, "file_not_found"},
		{"GET", "/api/v1/skills/zeta/files/..%2F..%2Fetc%2Fpasswd", 400, "outside"},
		{"GET", "/api/v1/nothing", 404, "no_route"},
		{"POST", "/api/v1/search?q=pdf", 405, "method_not_allowed"},
		{"DELETE", httpapi.SkillPath("zeta"), 405, "method_not_allowed"},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(c.method, f.srv.URL+c.path, nil)
		resp, err := f.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s %s: %d, want %d: %s", c.method, c.path, resp.StatusCode, c.status, body)
			continue
		}
		e := decode[map[string]any](t, body)
		if e["code"] != c.code || e["error"] == "" {
			t.Errorf("%s %s: %s, want code %s", c.method, c.path, body, c.code)
		}
	}
	// A misspelt name suggests the close one, never the hidden one.
	_, body := f.get(t, "/api/v1/skills/deploy-doc")
	if !strings.Contains(string(body), `"deploy-docs"`) || strings.Contains(string(body), "deploy-secrets") {
		t.Errorf("suggestions: %s", body)
	}
}

func TestHealth(t *testing.T) {
	h := httpapi.NewHealth(httpapi.WatchStarting)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", h.Live)
	mux.HandleFunc("GET /readyz", h.Readiness)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	status := func(path string) int {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	steps := []struct {
		do          func()
		live, ready int
		what        string
	}{
		{func() {}, 200, 503, "starting"},
		{h.SetCatalogReady, 200, 503, "catalog built, watcher starting"},
		{func() { h.SetWatcher(httpapi.WatchRunning) }, 200, 200, "watcher running"},
		{func() { h.SetWatcher(httpapi.WatchStopped) }, 200, 503, "watcher stopped"},
	}
	for _, s := range steps {
		s.do()
		if l, r := status("/healthz"), status("/readyz"); l != s.live || r != s.ready {
			t.Errorf("%s: healthz %d readyz %d, want %d %d", s.what, l, r, s.live, s.ready)
		}
	}
	off := httpapi.NewHealth(httpapi.WatchOff)
	off.SetCatalogReady()
	if !off.Ready() {
		t.Error("--no-watch: not ready once the catalog is built")
	}
}
