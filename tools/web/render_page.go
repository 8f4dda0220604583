package web

import (
	"bytes"
	"html/template"
	"net/http"
	"strconv"
	"sync"
)

// base is what every page's layout needs.
type base struct {
	Title string
	Asset string // version of the static assets, in their URLs (?v=)
	Q     string // the search box's text
	Login bool   // the server asks a token: show "log out"
}

func (h *handler) base(r *http.Request, title string) base {
	return base{Title: title, Asset: h.assetVersion, Q: r.URL.Query().Get("q"), Login: h.tokenSum != nil}
}

// errorPage is the data of the 404 and error pages.
type errorPage struct {
	base
	Message string
}

var funcs = template.FuncMap{
	"size": func(n int64) string {
		switch {
		case n >= 1<<20:
			return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
		case n >= 1<<10:
			return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB"
		}
		return strconv.FormatInt(n, 10) + " B"
	},
	"fileURL": fileURL,
}

// pages are the parsed templates, one set per page so each page's
// "content" block is its own.
var pages = sync.OnceValue(func() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, p := range []string{"search.html", "skill.html", "file.html", "login.html", "error.html"} {
		out[p] = template.Must(template.New(p).Funcs(funcs).ParseFS(assets, "assets/layout.html", "assets/"+p))
	}
	out["results"] = out["search.html"]
	return out
})

var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// render executes a page into a buffer, then writes it with status: a template error
// becomes a 500, never half a page.
func (h *handler) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	t := pages()[name]
	tmpl := "layout"
	if name == "results" {
		tmpl = "results"
	}
	buf := bufs.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufs.Put(buf)
	if err := t.ExecuteTemplate(buf, tmpl, data); err != nil {
		h.log.Error("web: render", "page", name, "err", err)
		http.Error(w, "the page could not be rendered", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(buf.Bytes())
}

// notFound answers 404 with a page.
func (h *handler) notFound(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusNotFound, "error.html", &errorPage{base: h.base(r, "Not found"), Message: "No skill or page at " + r.URL.Path + "."})
}
