package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// authorized reports whether r carries the token: "Authorization:
// Bearer TOKEN", or without an Authorization header the CookieName
// cookie. Both are hashed before the
// constant-time comparison, so neither the token's content nor its
// length leaks through timing.
func (h *handler) authorized(r *http.Request) bool {
	if a := r.Header.Get("Authorization"); a != "" {
		// The header, when sent, is the only credential looked at (as the
		// HTTP guard of serve --http does).
		scheme, got, ok := strings.Cut(a, " ")
		return ok && strings.EqualFold(scheme, "Bearer") && h.tokenMatches(strings.TrimSpace(got))
	}
	c, err := r.Cookie(CookieName)
	return err == nil && h.tokenMatches(c.Value)
}

func (h *handler) tokenMatches(got string) bool {
	sum := sha256.Sum256([]byte(got))
	return subtle.ConstantTimeCompare(sum[:], h.tokenSum) == 1
}

// toLogin answers a request without the token: a page is sent to the
// login form (303, the address to come back to in next); anything else
// gets 401.
func (h *handler) toLogin(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
		return
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="skilldex"`)
	http.Error(w, "missing or invalid token: log in at /login", http.StatusUnauthorized)
}

// loginPage is the data of the login form.
type loginPage struct {
	base
	Next    string
	Error   string
	NoToken bool
}

// localNext returns next when it is an address on this server (a path
// beginning with one slash), else "/": the form never redirects away.
func localNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") || strings.ContainsAny(next, "\r\n") {
		return "/"
	}
	return next
}

// loginForm serves GET /login.
func (h *handler) loginForm(w http.ResponseWriter, r *http.Request) {
	p := &loginPage{base: h.base(r, "Log in"), Next: localNext(r.URL.Query().Get("next")), NoToken: h.tokenSum == nil}
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, http.StatusOK, "login.html", p)
}

// maxLoginBytes bounds a login form body.
const maxLoginBytes = 8 << 10

// login serves POST /login (behind net/http's cross-origin protection,
// so another site's page cannot post it): with the right token it sets
// the cookie (HttpOnly, SameSite=Strict, Secure over TLS; a year) and
// sends the browser to next; with a wrong one it shows the form again
// with 401.
func (h *handler) login(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxLoginBytes)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad login form: "+err.Error(), http.StatusBadRequest)
		return
	}
	next := localNext(r.PostForm.Get("next"))
	w.Header().Set("Cache-Control", "no-store")
	if h.tokenSum == nil {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	tok := strings.TrimSpace(r.PostForm.Get("token"))
	if !h.tokenMatches(tok) {
		h.render(w, r, http.StatusUnauthorized, "login.html", &loginPage{base: h.base(r, "Log in"), Next: next, Error: "That token is not the server's token."})
		return
	}
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: tok, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: r.TLS != nil, MaxAge: int((365 * 24 * time.Hour).Seconds())})
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// logout serves POST /logout: the cookie is cleared.
func (h *handler) logout(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: r.TLS != nil, MaxAge: -1})
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}
