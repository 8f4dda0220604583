package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromium returns the path of Debian's chromium (or SKILLDEX_CHROMIUM).
// Without one the test is skipped, or fails when SKILLDEX_REQUIRE_BROWSER=1
// (CI installs it: apt-get install chromium).
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("SKILLDEX_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	if os.Getenv("SKILLDEX_REQUIRE_BROWSER") == "1" {
		t.Fatal("SKILLDEX_REQUIRE_BROWSER=1 but chromium is not installed (apt-get install -y chromium, or set SKILLDEX_CHROMIUM)")
	}
	t.Skip("chromium not installed (apt-get install -y chromium); set SKILLDEX_REQUIRE_BROWSER=1 to make this a failure")
	return ""
}

// artifacts is where screenshots go: SKILLDEX_ARTIFACTS (CI keeps it) or
// a temporary folder.
func artifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SKILLDEX_ARTIFACTS")
	if dir == "" {
		return t.TempDir()
	}
	dir = filepath.Join(dir, "web")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// probe is injected into every document before its own scripts: it
// records attempts to run the hostile fixture's code (a setter on
// window.__pwned, alert/confirm/prompt) and Content-Security-Policy
// violations, where the test can read them.
const probe = `(() => {
  if (window.__probe) return;
  window.__probe = { pwned: [], csp: [] };
  Object.defineProperty(window, "__pwned", { configurable: false, get() { return undefined; }, set(v) { window.__probe.pwned.push(String(v)); } });
  for (const f of ["alert", "confirm", "prompt"]) window[f] = (v) => { window.__probe.pwned.push(f + ":" + v); };
  document.addEventListener("securitypolicyviolation", (e) => { window.__probe.csp.push(e.violatedDirective + " " + e.blockedURI); });
})();`

// browser drives one headless chromium tab against base.
type browser struct {
	t    *testing.T
	ctx  context.Context
	base string
	host string

	mu       sync.Mutex
	requests []string // every URL the page asked for
	dialogs  []string
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	exe := chromium(t)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-extensions", true))
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(alloc)
	t.Cleanup(cancel2)
	u, _ := url.Parse(base)
	b := &browser{t: t, ctx: ctx, base: base, host: u.Host}
	// Start the browser with no deadline (a deadline on the first run
	// would end the browser), then hook the tab.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		case *page.EventJavascriptDialogOpening:
			b.dialogs = append(b.dialogs, e.Message)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	return b
}

// do runs steps with a deadline that only catches hangs.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		loc, _ := chromedp.Run(b.ctx, chromedp.Location())
		b.t.Fatalf("%s: %v (at %s)", what, err, loc)
	}
}

func (b *browser) eval(expr string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		b.t.Fatalf("eval %s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript condition until it holds in a page whose
// script is ready, across page loads (an evaluation in a document being
// replaced fails and is retried).
func (b *browser) wait(what, cond string) {
	b.t.Helper()
	b.waitAny(what, "document.documentElement.dataset.js === 'ready' && !!("+cond+")")
}

// waitAny polls a condition in any page, ours or not.
func (b *browser) waitAny(what, cond string) {
	b.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(20 * time.Millisecond)
	}
	loc, _ := chromedp.Run(b.ctx, chromedp.Location())
	b.t.Fatalf("%s: %s never held (at %s; last error %v)", what, cond, loc, last)
}

// keys presses each key of k as a person does: a keyDown that carries
// the text (so a page that cancels the keydown also cancels the
// character, as in a real browser; chromedp.KeyEvent sends the character
// as a separate event) and a keyUp.
func (b *browser) keys(k string) {
	b.t.Helper()
	b.do("keys "+k, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for _, r := range k {
			var down, up *input.DispatchKeyEventParams
			var text string
			for _, ev := range kb.Encode(r) {
				switch ev.Type {
				case input.DispatchKeyEventTypeKeyDown:
					down = ev
				case input.DispatchKeyEventTypeKeyUp:
					up = ev
				case input.DispatchKeyEventTypeChar:
					text = ev.Text
				}
			}
			if text != "" {
				down.Type, down.Text, down.UnmodifiedText = input.DispatchKeyEventTypeKeyDown, text, text
			} else {
				down.Type = input.DispatchKeyEventTypeRawKeyDown
			}
			for _, ev := range []*input.DispatchKeyEventParams{down, up} {
				if _, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, *ev); err != nil {
					return err
				}
			}
		}
		return nil
	}))
}

func (b *browser) open(path string) {
	b.t.Helper()
	b.do("open "+path, chromedp.Navigate(b.base+path))
	// Complete: the deferred script has run too.
	b.waitAny("load "+path, `document.readyState === "complete"`)
}

func (b *browser) screenshot(dir, name string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// clean fails the test if the page ran anything of the fixture's, hit a
// CSP violation, opened a dialog, or asked another host for anything.
func (b *browser) clean(where string) {
	b.t.Helper()
	if got := b.eval(`JSON.stringify(window.__probe)`); got != `{"pwned":[],"csp":[]}` {
		b.t.Errorf("%s: the page ran hostile code or broke its CSP: %s", where, got)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, u := range b.requests {
		p, err := url.Parse(u)
		if err != nil || (p.Host != b.host && p.Scheme != "data") {
			b.t.Errorf("%s: request to another host: %s", where, u)
		}
	}
	if len(b.dialogs) > 0 {
		b.t.Errorf("%s: dialogs opened: %q", where, b.dialogs)
	}
	b.requests, b.dialogs = nil, nil
}

func TestBrowser(t *testing.T) {
	chromium(t)
	cat, _ := fixture(t)
	mux := http.NewServeMux()
	mux.Handle("/", New(cat, Options{}))
	// The control page proves the probe sees code that runs.
	mux.HandleFunc("/__control", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><title>control</title><script>window.__pwned = "control"</script><img src="x" onerror="alert('control')">`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	out := artifacts(t)
	b := newBrowser(t, srv.URL)

	t.Run("probe", func(t *testing.T) {
		b.t = t
		b.open("/__control")
		b.waitAny("control img error", `window.__probe.pwned.length >= 2`)
		if got := b.eval(`window.__probe.pwned.join(",")`); !strings.Contains(got, "control") {
			t.Fatalf("the probe did not see the control page's script: %q", got)
		}
	})

	t.Run("search as you type", func(t *testing.T) {
		b.t = t
		b.open("/")
		b.clean("the list")
		b.do("type pdf", chromedp.Click(chromedp.ID("q")))
		b.keys("pdf")
		b.wait("results for pdf", `document.querySelector('#hits .hit a.name') && document.querySelector('#hits .hit a.name').getAttribute('href') === '/skills/pdf-forms' && location.search === '?q=pdf'`)
		if got := b.eval(`document.getElementById('summary').textContent`); !strings.Contains(got, "matches “pdf”") {
			t.Errorf("summary %q", got)
		}
		b.screenshot(out, "search.png")
		b.keys(" zebra accordion quantum")
		b.wait("no good match", `!!document.getElementById('nomatch')`)
		b.clean("search as you type")
	})

	t.Run("keyboard only", func(t *testing.T) {
		b.t = t
		b.open("/?q=pdf")
		b.do("blur", chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
		b.keys("/")
		if got := b.eval(`document.activeElement.id`); got != "q" {
			t.Fatalf("/ focused %q, want the search box", got)
		}
		b.keys(kb.Escape)
		if got := b.eval(`document.getElementById('q').value + '|' + (document.activeElement === document.getElementById('q'))`); got != "pdf|false" {
			t.Fatalf("after Esc the search box holds %q (want pdf, not focused)", got)
		}
		b.keys("j")
		b.wait("first hit selected", `document.querySelector('#hits .hit.sel') === document.querySelectorAll('#hits .hit')[0]`)
		if n := b.eval(`String(document.querySelectorAll('#hits .hit').length)`); n != "1" {
			b.keys("j")
			b.wait("second hit", `document.querySelector('#hits .hit.sel') === document.querySelectorAll('#hits .hit')[1]`)
			b.keys("k")
			b.wait("back to first", `document.querySelector('#hits .hit.sel') === document.querySelectorAll('#hits .hit')[0]`)
		}
		b.keys(kb.Enter)
		b.wait("skill page", `location.pathname === '/skills/pdf-forms' && document.readyState === 'complete' && !!document.getElementById('skill-name')`)
		b.keys("j")
		b.keys(kb.ArrowDown)
		b.wait("second file selected", `document.querySelector('#files .hit.sel a') && document.querySelector('#files .hit.sel a').textContent === 'references/forms.md'`)
		b.keys(kb.Enter)
		b.wait("file page", `!!document.getElementById('file-text') && document.getElementById('file-path').textContent === 'references/forms.md'`)
		b.keys("u")
		b.wait("back on the skill page", `location.pathname === '/skills/pdf-forms' && !!document.getElementById('skill-name')`)
		b.clean("keyboard navigation")
	})

	t.Run("pages by key", func(t *testing.T) {
		b.t = t
		b.open("/?n=3")
		b.keys("n")
		b.wait("page 2", `location.search === '?n=3&page=2'`)
		b.keys("p")
		b.wait("page 1", `location.search === '?n=3'`)
	})

	t.Run("open a skill and view a file", func(t *testing.T) {
		b.t = t
		b.open("/skills/pdf-forms")
		if got := b.eval(`document.querySelector('#skill-body h1').textContent`); got != "PDF forms" {
			t.Errorf("rendered SKILL.md heading %q", got)
		}
		b.screenshot(out, "skill.png")
		b.do("click a file", chromedp.Click(chromedp.CSS(`#files a[href$="list_fields.py"]`)))
		b.wait("file text", `!!document.getElementById('file-text') && document.getElementById('file-text').textContent.includes('usage: list_fields.py')`)
		b.clean("skill and file pages")
	})

	t.Run("phone width", func(t *testing.T) {
		b.t = t
		b.do("phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		for _, p := range []string{"/?q=pdf", "/skills/pdf-forms", "/skills/hostile-page"} {
			b.open(p)
			if got := b.eval(`String(document.documentElement.scrollWidth <= window.innerWidth + 1)`); got != "true" {
				t.Errorf("%s scrolls sideways at 390 px: scrollWidth %s", p, b.eval(`String(document.documentElement.scrollWidth)`))
			}
		}
		b.open("/skills/pdf-forms")
		b.screenshot(out, "skill-phone.png")
		b.do("desktop viewport", chromedp.EmulateViewport(1280, 900))
	})

	t.Run("hostile skill runs nothing", func(t *testing.T) {
		b.t = t
		for _, p := range []string{"/?q=hostile", "/skills/hostile-page", "/skills/hostile-page?file=references%2Fnotes.md",
			"/skills/hostile-page?file=scripts%2Fevil.sh", "/skills/hostile-page?file=SKILL.md", "/skills/hostile-page?file=SKILL.md&raw=1",
			"/?q=" + url.QueryEscape(`</title><script>window.__pwned='q'</script>`), skillURL(hostileFolder), "/?root=1"} {
			b.open(p)
			// Hover and click everything the fixture put in the page but
			// links (which navigate); no link may run script.
			b.do("poke "+p, chromedp.Evaluate[chromedp.Void](`for (const el of document.querySelectorAll('#skill-body *')) { el.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); if (!el.closest('a')) el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true})); }`))
			if got := b.eval(`Array.from(document.querySelectorAll('a[href], area[href], [src], [action], [formaction]')).map(e => e.href || e.src || e.action || '').filter(u => /^(javascript|data|vbscript):/i.test(u)).join(' ')`); got != "" {
				t.Errorf("%s: script URLs in the page: %s", p, got)
			}
			b.clean(p)
		}
		b.open("/skills/hostile-page")
		b.screenshot(out, "hostile.png")
		if got := b.eval(`document.querySelector('.skill > .desc').textContent`); !strings.Contains(got, "</title></script><script>") {
			t.Errorf("the hostile description is not shown as text: %q", got)
		}
	})
	t.Run("login with a token", func(t *testing.T) {
		b.t = t
		locked := httptest.NewServer(New(cat, Options{Token: "browser-s3cret"}))
		defer locked.Close()
		// The same tab, pointed at the locked server.
		lb := b
		oldBase, oldHost := b.base, b.host
		defer func() { b.base, b.host = oldBase, oldHost }()
		u, _ := url.Parse(locked.URL)
		b.base, b.host = locked.URL, u.Host
		b.mu.Lock()
		b.requests = nil // the last page of the other server
		b.mu.Unlock()
		lb.open("/?q=pdf")
		lb.wait("sent to the login form", `location.pathname === '/login' && !!document.getElementById('token')`)
		lb.do("focus the token field", chromedp.Focus(chromedp.ID("token")))
		lb.keys("wrong\r")
		lb.wait("refused", `!!document.getElementById('login-error')`)
		lb.do("focus the token field", chromedp.Focus(chromedp.ID("token")))
		lb.keys("browser-s3cret\r")
		lb.wait("back to the search", `location.pathname === '/' && location.search === '?q=pdf' && !!document.querySelector('#hits a[href="/skills/pdf-forms"]')`)
		if got := lb.eval(`document.cookie`); strings.Contains(got, "browser-s3cret") {
			t.Errorf("the token cookie is readable from script: %q", got)
		}
		// Search as you type reaches the server with the cookie.
		lb.do("clear the box", chromedp.Evaluate[chromedp.Void](`document.getElementById('q').value = ''`), chromedp.Focus(chromedp.ID("q")))
		lb.keys("csv")
		lb.wait("typed search behind the token", `location.search === '?q=csv' && !!document.querySelector('#hits a[href="/skills/csv-summary"]')`)
		lb.clean("login")
	})
	t.Logf("screenshots in %s", out)
}

// TestBrowserHybrid: in a real browser, a hybrid search as typed lists
// the skill found by meaning with its "similar" mark.
func TestBrowserHybrid(t *testing.T) {
	chromium(t)
	srv := httptest.NewServer(New(hybridCatalog(t), Options{}))
	defer srv.Close()
	b := newBrowser(t, srv.URL)
	b.open("/")
	b.do("focus the search box", chromedp.Click(chromedp.ID("q")))
	b.keys(hybridQuery)
	b.wait("the skill found by meaning", `(() => { const a = document.querySelector('#hits a.name[href="/skills/constant-time-review"]');
		return !!a && a.parentElement.querySelector('.conf.similar') !== null; })()`)
	if got := b.eval(`document.querySelector('#hits a.name[href="/skills/constant-time-review"]').parentElement.querySelector('.conf').textContent`); got != "similar" {
		t.Errorf("mark of the skill found by meaning: %q", got)
	}
	b.clean("hybrid search")
}
