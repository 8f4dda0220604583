package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/embed"
	"github.com/skilldex/skilldex/internal/embed/embedtest"
	"golang.org/x/net/html"
)

// fixture is a catalog over examples/skills (project) and testdata/skills
// (personal: the hostile page, a hidden skill, a shadowed copy of
// csv-summary), copied to a temporary folder with a file whose name is
// markup added.
func fixture(t testing.TB) (*index.Catalog, []index.Root) {
	t.Helper()
	tmp := t.TempDir()
	roots := []index.Root{{Path: filepath.Join(tmp, "project"), Label: "project"}, {Path: filepath.Join(tmp, "personal"), Label: "personal"}}
	copyTree(t, filepath.Join("..", "..", "examples", "skills"), roots[0].Path)
	copyTree(t, filepath.Join("testdata", "skills"), roots[1].Path)
	if err := os.WriteFile(filepath.Join(roots[1].Path, "hostile-page", "references", `x"><img src=x onerror=window.__pwned=7>.md`), []byte("# named to break out of markup\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A folder (so a skill id) named to break out of markup and URLs.
	dir := filepath.Join(roots[1].Path, hostileFolder)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("---\nname: hostile-folder\ndescription: A skill whose folder name is markup, to check ids are escaped in every page and address.\n---\n# Folder\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := index.Open(context.Background(), &index.Options{Roots: roots, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	return cat, roots
}

func copyTree(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// hostileFolder is the folder name of the skill hostile-folder.
const hostileFolder = `x"' ?#%<svg onload=alert(1)>`

// get serves one request and returns the answer and its body.
func get(t testing.TB, h http.Handler, target string, hdr ...string) (*http.Response, string) {
	t.Helper()
	return do(t, h, http.MethodGet, target, nil, hdr...)
}

func do(t testing.TB, h http.Handler, method, target string, body io.Reader, hdr ...string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	res.Request = req
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func wantStatus(t *testing.T, res *http.Response, body string, code int) {
	t.Helper()
	if res.StatusCode != code {
		t.Fatalf("%s %s: status %d, want %d; body:\n%.2000s", res.Request.Method, res.Request.URL, res.StatusCode, code, body)
	}
}

func TestSearchListsPDFForms(t *testing.T) {
	cat, _ := fixture(t)
	h := New(cat, Options{})
	res, body := get(t, h, "/?q=pdf")
	wantStatus(t, res, body, 200)
	if !strings.Contains(body, `href="/skills/pdf-forms"`) {
		t.Fatalf("/?q=pdf does not link pdf-forms:\n%s", body)
	}
	first := strings.Index(body, `class="hit"`)
	if first < 0 || !strings.Contains(body[first:first+300], "pdf-forms") {
		t.Errorf("pdf-forms is not the first result:\n%s", body)
	}
	if !strings.Contains(body, `class="conf good"`) {
		t.Errorf("no confident result shown for pdf")
	}
	if strings.Contains(body, `id="nomatch"`) {
		t.Errorf("pdf says no good match")
	}
	for k, v := range map[string]string{"Content-Security-Policy": "script-src 'self'", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Content-Type": "text/html; charset=utf-8"} {
		if !strings.Contains(res.Header.Get(k), v) {
			t.Errorf("%s = %q, want %q in it", k, res.Header.Get(k), v)
		}
	}
	if c := res.Header.Get("Content-Security-Policy"); strings.Contains(c, "unsafe-inline") || strings.Contains(c, "unsafe-eval") {
		t.Errorf("CSP allows inline code: %s", c)
	}

	// A query no skill answers says so.
	_, body = get(t, h, "/?q="+url.QueryEscape("quantum zebra accordion tuning"))
	if !strings.Contains(body, `id="nomatch"`) {
		t.Errorf("no 'no good match' for a query nothing answers:\n%s", body)
	}
	// One that a skill matches by one word only shows it as the closest,
	// not as a good match.
	_, body = get(t, h, "/?q="+url.QueryEscape("pdf of a zebra playing the accordion"))
	if !strings.Contains(body, `id="nomatch"`) || !strings.Contains(body, `href="/skills/pdf-forms"`) || strings.Contains(body, `class="conf good"`) {
		t.Errorf("a query nothing fits but one word: want 'no good match', pdf-forms, and no hit marked good:\n%s", body)
	}

	// A query of too many words is the client's error, said on the page.
	res, body = get(t, h, "/?q="+strings.Repeat("pdf+", 300))
	wantStatus(t, res, body, http.StatusBadRequest)
	if !strings.Contains(body, "too long") {
		t.Errorf("an over-long query's page does not say why:\n%.1000s", body)
	}

	// The fragment is the results alone (search as you type).
	_, frag := get(t, h, "/?q=pdf&fragment=1")
	if strings.Contains(frag, "<html") || !strings.Contains(frag, `href="/skills/pdf-forms"`) {
		t.Errorf("fragment=1 is not the results alone:\n%.500s", frag)
	}
}

func TestListPagingFiltersAndSort(t *testing.T) {
	tmp := t.TempDir()
	for i := range 23 {
		name := "skill-" + string(rune('a'+i))
		dir := filepath.Join(tmp, name)
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("---\nname: "+name+"\ndescription: Generated skill number "+name+" for paging through a long list of skills in tests.\n---\n# "+name+"\n"), 0o644)
	}
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: tmp}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	h := New(cat, Options{})
	_, body := get(t, h, "/?n=10")
	if n := strings.Count(body, `class="hit"`); n != 10 {
		t.Fatalf("page 1 of n=10 lists %d skills", n)
	}
	if !strings.Contains(body, "Page 1 of 3") || !strings.Contains(body, `href="/?n=10&amp;page=2"`) {
		t.Errorf("no pager to page 2:\n%s", body)
	}
	_, body = get(t, h, "/?n=10&page=3")
	if n := strings.Count(body, `class="hit"`); n != 3 || !strings.Contains(body, "skill-w") || !strings.Contains(body, `rel="prev"`) {
		t.Errorf("page 3 lists %d skills, want the last 3 (skill-u..w) with a previous link", n)
	}
	// Sorted by name, a query's hits are in name order.
	_, body = get(t, h, "/?q=generated+skill&sort=name&n=200")
	if a, b := strings.Index(body, ">skill-a<"), strings.Index(body, ">skill-b<"); a < 0 || b < a {
		t.Errorf("sort=name: skill-a at %d, skill-b at %d", a, b)
	}
	// Searches page too.
	_, body = get(t, h, "/?q=generated+skill&n=10&page=2")
	if n := strings.Count(body, `class="hit"`); n != 10 || !strings.Contains(body, "Page 2 of 3") {
		t.Errorf("search page 2 lists %d skills:\n%s", n, body)
	}
}

func TestRootFilterAndShadowing(t *testing.T) {
	cat, _ := fixture(t)
	h := New(cat, Options{})
	_, body := get(t, h, "/?root=1")
	if strings.Contains(body, "pdf-forms") || !strings.Contains(body, "hostile-page") || !strings.Contains(body, "csv-summary-old") {
		t.Errorf("root=1 (personal) lists the wrong skills:\n%s", body)
	}
	res, body := get(t, h, "/skills/csv-summary-old")
	wantStatus(t, res, body, 200)
	if !strings.Contains(body, "Shadowed:") || !strings.Contains(body, `href="/skills/csv-summary"`) {
		t.Errorf("the shadowed copy does not say who wins:\n%s", body)
	}
	_, body = get(t, h, "/skills/csv-summary")
	if !strings.Contains(body, "wins its name over") || !strings.Contains(body, `href="/skills/csv-summary-old"`) {
		t.Errorf("the winner does not list what it shadows")
	}
	if !strings.Contains(body, "shadowed-name") {
		t.Errorf("doctor's shadowed-name warning missing from the winner's page")
	}
}

func TestSkillPage(t *testing.T) {
	cat, roots := fixture(t)
	h := New(cat, Options{})
	res, body := get(t, h, "/skills/pdf-forms")
	wantStatus(t, res, body, 200)
	for _, want := range []string{
		`<h1 id="pdf-forms">PDF forms</h1>`,                   // the body rendered by goldmark
		`href="/skills/pdf-forms?file=references%2Fforms.md"`, // a relative link points at the file's page
		"skilldex init-agent claude --write",
		`load_skill {&#34;name&#34;:&#34;pdf-forms&#34;}`,
		"Apache-2.0", // frontmatter
		"scripts/list_fields.py",
		filepath.Join(roots[0].Path, "pdf-forms", "SKILL.md"), // where it is served from
		`id="audit"`, `id="doctor"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("skill page lacks %q", want)
		}
	}
	res, body = get(t, h, "/skills/pdf-forms?file=references/forms.md")
	wantStatus(t, res, body, 200)
	if !strings.Contains(body, `id="file-text"`) {
		t.Errorf("file page has no text")
	}
	res, body = get(t, h, "/skills/pdf-forms?file=references/forms.md&raw=1")
	wantStatus(t, res, body, 200)
	if res.Header.Get("Content-Type") != "text/plain; charset=utf-8" || !strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("raw file headers: %v", res.Header)
	}
	want, _ := os.ReadFile(filepath.Join(roots[0].Path, "pdf-forms", "references", "forms.md"))
	if body != string(want) {
		t.Errorf("raw file differs from the file on disk")
	}
	for _, bad := range []string{"../csv-summary/SKILL.md", "/etc/passwd", "nope.md"} {
		res, body = get(t, h, "/skills/pdf-forms?file="+url.QueryEscape(bad))
		wantStatus(t, res, body, 404)
	}
	res, body = get(t, h, "/skills/no-such-skill")
	wantStatus(t, res, body, 404)
	res, body = do(t, h, http.MethodHead, "/skills/pdf-forms", nil)
	wantStatus(t, res, body, 200)
	if body != "" {
		t.Errorf("HEAD has a body")
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
		res, body = do(t, h, m, "/skills/pdf-forms", strings.NewReader("x"))
		wantStatus(t, res, body, 405)
	}
}

func TestHiddenSkills(t *testing.T) {
	cat, _ := fixture(t)
	h := New(cat, Options{})
	for _, target := range []string{"/", "/?q=hidden+helper", "/?q=release+checklist", "/?root=1"} {
		if _, body := get(t, h, target); strings.Contains(body, "hidden-helper") {
			t.Errorf("%s shows the hidden skill", target)
		}
	}
	for _, target := range []string{"/skills/hidden-helper", "/skills/hidden-helper?file=SKILL.md", "/skills/hidden-helper?file=SKILL.md&raw=1"} {
		res, body := get(t, h, target)
		wantStatus(t, res, body, 404)
		if strings.Contains(body, "Only a person runs this") {
			t.Errorf("%s shows the hidden skill's text", target)
		}
	}
	h = New(cat, Options{ExposeHidden: true})
	_, body := get(t, h, "/?q=release+checklist")
	if !strings.Contains(body, `href="/skills/hidden-helper"`) || !strings.Contains(body, `badge hidden`) {
		t.Errorf("--expose-hidden: search does not show the hidden skill, marked")
	}
	res, body := get(t, h, "/skills/hidden-helper")
	wantStatus(t, res, body, 200)
}

// TestHostileMarkup checks every page of the hostile fixture for markup
// that could run: script elements other than the page's own, event
// handler attributes, javascript:/data:/vbscript: URLs, frames, objects,
// forms posting elsewhere, base, meta refresh and style.
func TestHostileMarkup(t *testing.T) {
	cat, _ := fixture(t)
	h := New(cat, Options{})
	targets := []string{"/", "/?q=hostile", "/?q=" + url.QueryEscape("</title><script>"), "/?q=hostile&fragment=1", "/skills/hostile-page",
		"/skills/hostile-page?file=references/notes.md", "/skills/hostile-page?file=scripts/evil.sh", "/skills/hostile-page?file=SKILL.md",
		"/skills/hostile-page?file=" + url.QueryEscape(`references/x"><img src=x onerror=window.__pwned=7>.md`),
		"/skills/hostile-page?file=" + url.QueryEscape(`<script>alert(1)</script>`),
		"/login?next=" + url.QueryEscape(`"><script>alert(1)</script>`),
		"/nope<script>alert(1)</script>",
		skillURL(hostileFolder), "/?q=hostile+folder",
	}
	for _, target := range targets {
		res, body := get(t, h, target)
		if res.StatusCode >= 500 {
			t.Fatalf("%s: %d", target, res.StatusCode)
		}
		for _, p := range executable(body) {
			t.Errorf("%s: executable markup: %s", target, p)
		}
	}
	res, body := get(t, h, skillURL(hostileFolder))
	wantStatus(t, res, body, 200)
	if !strings.Contains(body, "hostile-folder") {
		t.Errorf("the skill in the hostile folder is not at %s", skillURL(hostileFolder))
	}
	_, body = get(t, h, "/skills/hostile-page")
	if !strings.Contains(body, "Safe details") || !strings.Contains(body, "Nothing here may execute") {
		t.Errorf("the harmless parts of the hostile page were dropped:\n%s", body)
	}
	if !strings.Contains(body, "&lt;/title&gt;&lt;/script&gt;&lt;script&gt;") {
		t.Errorf("the hostile description is not shown escaped")
	}
	if strings.Contains(body, "evil.example") && strings.Contains(body, `src="https://evil.example`) {
		t.Errorf("the page loads from another host")
	}
}

// executable returns the markup in page that a browser could run or that
// reaches another host.
func executable(page string) []string {
	var out []string
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		attr := map[string]string{}
		for _, a := range tok.Attr {
			attr[strings.ToLower(a.Key)] = a.Val
			k := strings.ToLower(a.Key)
			if strings.HasPrefix(k, "on") || k == "style" || k == "srcdoc" || k == "formaction" {
				out = append(out, tok.String())
			}
			if k == "href" || k == "src" || k == "action" || k == "data" || k == "xlink:href" || k == "poster" {
				v := strings.ToLower(strings.Map(func(r rune) rune {
					if r <= ' ' {
						return -1
					}
					return r
				}, a.Val))
				scriptURL := strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "data:") || strings.HasPrefix(v, "vbscript:")
				// Anything but a link that names another host loads from it.
				offsite := k != "href" && (strings.HasPrefix(v, "http:") || strings.HasPrefix(v, "https:") || strings.HasPrefix(v, "//"))
				if scriptURL || offsite {
					out = append(out, tok.String())
				}
			}
		}
		switch tok.Data {
		case "script":
			if !strings.HasPrefix(attr["src"], "/static/app.js?") {
				out = append(out, tok.String())
			}
		case "iframe", "object", "embed", "base", "style", "svg", "math", "frame", "frameset", "applet", "template":
			out = append(out, tok.String())
		case "meta":
			if attr["http-equiv"] != "" {
				out = append(out, tok.String())
			}
		case "link":
			if !strings.HasPrefix(attr["href"], "/static/style.css?") {
				out = append(out, tok.String())
			}
		case "form":
			if a := attr["action"]; a != "/" && a != "/login" && a != "/logout" {
				out = append(out, tok.String())
			}
		}
	}
}

func TestLogin(t *testing.T) {
	cat, _ := fixture(t)
	const token = "s3cret-token"
	h := New(cat, Options{Token: token})
	res, body := get(t, h, "/?q=pdf")
	wantStatus(t, res, body, http.StatusSeeOther)
	if loc := res.Header.Get("Location"); loc != "/login?next="+url.QueryEscape("/?q=pdf") {
		t.Errorf("redirect to %q", loc)
	}
	res, body = get(t, h, "/static/style.css")
	wantStatus(t, res, body, 200)
	if res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("an unversioned asset is cached: %q", res.Header.Get("Cache-Control"))
	}
	_, page := get(t, h, "/login")
	i := strings.Index(page, `/static/style.css?v=`)
	if i < 0 {
		t.Fatalf("the login page links no versioned style sheet:\n%s", page)
	}
	versioned := page[i : i+len(`/static/style.css?v=`)+12]
	res, body = get(t, h, versioned)
	wantStatus(t, res, body, 200)
	if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("%s is not cached: %q", versioned, res.Header.Get("Cache-Control"))
	}
	res, body = get(t, h, "/login?next=%2F%3Fq%3Dpdf")
	wantStatus(t, res, body, 200)
	if !strings.Contains(body, `name="next" value="/?q=pdf"`) {
		t.Errorf("login form does not carry next:\n%s", body)
	}
	post := func(form url.Values, hdr ...string) (*http.Response, string) {
		return do(t, h, http.MethodPost, "/login", strings.NewReader(form.Encode()), append([]string{"Content-Type", "application/x-www-form-urlencoded"}, hdr...)...)
	}
	res, body = post(url.Values{"token": {"wrong"}, "next": {"/"}})
	wantStatus(t, res, body, http.StatusUnauthorized)
	if len(res.Cookies()) != 0 {
		t.Errorf("a wrong token set a cookie")
	}
	// Another site's page cannot post the form (login CSRF).
	res, body = post(url.Values{"token": {token}}, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
	wantStatus(t, res, body, http.StatusForbidden)
	// The right token sets the cookie and goes back, never off-site.
	res, body = post(url.Values{"token": {token}, "next": {"//evil.example/x"}}, "Sec-Fetch-Site", "same-origin")
	wantStatus(t, res, body, http.StatusSeeOther)
	if loc := res.Header.Get("Location"); loc != "/" {
		t.Errorf("next=//evil.example redirected to %q", loc)
	}
	res, body = post(url.Values{"token": {token}, "next": {"/?q=pdf"}}, "Sec-Fetch-Site", "same-origin")
	wantStatus(t, res, body, http.StatusSeeOther)
	if loc := res.Header.Get("Location"); loc != "/?q=pdf" {
		t.Errorf("redirected to %q", loc)
	}
	var c *http.Cookie
	for _, x := range res.Cookies() {
		if x.Name == CookieName {
			c = x
		}
	}
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Value != token {
		t.Fatalf("cookie %+v", c)
	}
	res, body = get(t, h, "/?q=pdf", "Cookie", c.String())
	wantStatus(t, res, body, 200)
	res, body = get(t, h, "/skills/pdf-forms", "Authorization", "Bearer "+token)
	wantStatus(t, res, body, 200)
	res, body = get(t, h, "/skills/pdf-forms", "Cookie", CookieName+"=wrong")
	wantStatus(t, res, body, http.StatusSeeOther)
	// A wrong header is not rescued by a right cookie.
	res, body = get(t, h, "/skills/pdf-forms", "Authorization", "Bearer wrong", "Cookie", c.String())
	wantStatus(t, res, body, http.StatusSeeOther)
	res, body = do(t, h, http.MethodPost, "/logout", nil, "Sec-Fetch-Site", "same-origin")
	wantStatus(t, res, body, http.StatusSeeOther)
	if cs := res.Cookies(); len(cs) != 1 || cs[0].MaxAge >= 0 {
		t.Errorf("logout cookies %v", cs)
	}
}

func TestAuditStatus(t *testing.T) {
	cat, _ := fixture(t)
	h := New(cat, Options{AuditSweep: true})
	// The sweep runs in the background; wait for it (a deadline only
	// against a hang).
	deadline := time.Now().Add(2 * time.Minute)
	var body string
	for {
		_, body = get(t, h, "/?audit=flagged")
		if !strings.Contains(body, "Audited so far") || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(body, `href="/skills/hostile-page"`) || strings.Contains(body, `href="/skills/pdf-forms"`) {
		t.Errorf("audit=flagged does not list just the hostile skill:\n%s", body)
	}
	_, body = get(t, h, "/?audit=clean")
	if strings.Contains(body, `href="/skills/hostile-page"`) {
		t.Errorf("audit=clean lists the hostile skill")
	}
	_, body = get(t, h, "/skills/hostile-page")
	if !strings.Contains(body, "badge audit-critical") && !strings.Contains(body, "badge audit-high") {
		t.Errorf("the hostile skill's page shows no high or critical finding")
	}
}

func TestInvalidSkill(t *testing.T) {
	cat, _ := fixture(t)
	if s, ok := cat.Get("broken-skill"); !ok || s.Valid {
		t.Fatalf("fixture: broken-skill should be in the catalog and invalid (ok=%v)", ok)
	}
	h := New(cat, Options{})
	if _, body := get(t, h, "/"); strings.Contains(body, "broken-skill") {
		t.Errorf("the list shows an invalid skill")
	}
	res, body := get(t, h, "/skills/broken-skill")
	wantStatus(t, res, body, 200)
	if !strings.Contains(body, "Not served") || !strings.Contains(body, "sev-error") {
		t.Errorf("the invalid skill's page does not say why it is not served:\n%s", body)
	}
	if strings.Contains(body, "This skill has no description") {
		t.Errorf("the invalid skill's body was rendered")
	}
	res, body = get(t, h, "/skills/broken-skill?file=SKILL.md")
	wantStatus(t, res, body, 404)
}

// TestHybridSearchPage: with an embedding model (a real one, the
// Universal Sentence Encoder lite behind tests/embedserver), the search
// page lists the skill that shares no word with the query and marks it
// "similar" (found by meaning), not with a confidence of 0%.
func TestHybridSearchPage(t *testing.T) {
	cat := hybridCatalog(t)
	_, body := get(t, New(cat, Options{}), "/?q="+url.QueryEscape(hybridQuery))
	i := strings.Index(body, `href="/skills/constant-time-review"`)
	if i < 0 {
		t.Fatalf("the skill found by meaning is not listed:\n%s", body)
	}
	if row := body[i:min(len(body), i+400)]; !strings.Contains(row, `class="conf similar"`) || strings.Contains(row, "0%") {
		t.Errorf("the row of the skill found by meaning:\n%s", row)
	}
	j := strings.Index(body, `href="/skills/file-decrypt"`)
	if j < 0 || !strings.Contains(body[j:min(len(body), j+400)], `class="conf `) || strings.Contains(body[j:min(len(body), j+400)], "similar") {
		t.Errorf("the lexical hit keeps its confidence:\n%s", body)
	}
}

const hybridQuery = "the attacker measures how long decryption takes"

// hybridCatalog is a catalog with a real embedding model (embedtest)
// whose timing-attack skill shares no word with hybridQuery.
func hybridCatalog(t *testing.T) *index.Catalog {
	base := embedtest.Start(t)
	emb, err := embed.New(embed.Options{BaseURL: base, Model: embedtest.Model})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for name, desc := range map[string]string{
		"constant-time-review": "Review cryptographic code for side channels and constant-time comparisons.",
		"file-decrypt":         "Decrypt files encrypted with age or gpg.",
		"sourdough":            "Bake sourdough bread with a starter.",
		"garden-planner":       "Plan a vegetable garden bed.",
		"haiku":                "Write a haiku about the sea.",
		"guitar-tuner":         "Tune a guitar by ear.",
		"coffee":               "Brew pour-over coffee.",
	} {
		if err := os.MkdirAll(filepath.Join(root, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name, "SKILL.md"), []byte("---\nname: "+name+"\ndescription: "+desc+"\n---\n# "+name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	cat, err := index.Open(ctx, &index.Options{Roots: []index.Root{{Path: root}}, Mem: true, Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	if err := cat.SemanticReady(ctx); err != nil {
		t.Fatal(err)
	}
	return cat
}
