package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/doctor"
)

// field is one frontmatter field as the skill page shows it.
type field struct{ Name, Value string }

// link is a skill named on another skill's page.
type link struct{ ID, Name, URL, Root string }

// fileRow is one file of a skill.
type fileRow struct {
	Path, URL string
	Size      int64
}

// skillPage is the data of a skill's page.
type skillPage struct {
	base
	Skill       *index.Skill
	URL         string
	Body        template.HTML
	Frontmatter string
	Fields      []field
	Files       []fileRow
	Root        string
	SkillPath   string
	ShadowedBy  *link
	Shadows     []link
	Doctor      []doctor.Finding
	Audit       []auditRow
	AuditWorst  string
	Setup       string
	LoadCall    string
	Show        string
	Invalid     bool
	Error       string
}

// auditRow is one audit finding as shown.
type auditRow struct {
	Severity, Rule, Where, Reason, Evidence string
}

// filePage is the data of a file's page.
type filePage struct {
	base
	Skill    *index.Skill
	SkillURL string
	Path     string
	RawURL   string
	Content  string
	Size     int64
	Error    string
}

// skill serves /skills/{id}: the skill's page, or with ?file= one of its
// files (as a page, or with raw=1 as text/plain).
func (h *handler) skill(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	snap := h.current()
	rec := snap.byID[id]
	if rec == nil {
		// Invalid skills are not served but have a page that says why
		// (their files are not served); hidden ones stay hidden.
		if s, ok := h.cat.Get(id); ok && !s.Valid && !h.hiddenSkill(&s) && !r.URL.Query().Has("file") {
			h.invalidSkill(w, r, &s)
			return
		}
		h.notFound(w, r)
		return
	}
	if rel := r.URL.Query().Get("file"); rel != "" {
		h.file(w, r, rec, rel)
		return
	}
	l, err := h.cat.Load(r.Context(), id)
	if err != nil {
		h.loadError(w, r, err)
		return
	}
	s := &l.Skill
	p := &skillPage{base: h.base(r, s.Name+" - skill"), Skill: s, URL: skillURL(s.ID), Root: rootName(h.cat.Roots(), s.Root),
		SkillPath: s.SkillPath(), Setup: h.opts.AgentSetup}
	p.Body, err = renderBody(s.ID, l.Body)
	if err != nil {
		p.Error = "SKILL.md could not be rendered: " + err.Error()
	}
	p.Frontmatter = strings.TrimSuffix(l.Content, l.Body)
	p.Fields = fields(s)
	p.Files = append(p.Files, fileRow{Path: s.SkillFile, URL: fileURL(s.ID, s.SkillFile)})
	for _, f := range s.Files {
		if f.Path == s.SkillFile {
			p.Files[0].Size = f.Size
			continue
		}
		p.Files = append(p.Files, fileRow{Path: f.Path, URL: fileURL(s.ID, f.Path), Size: f.Size})
	}
	if s.ShadowedBy != "" {
		if wr := snap.byID[s.ShadowedBy]; wr != nil {
			p.ShadowedBy = &link{ID: wr.ID, Name: wr.Name, URL: skillURL(wr.ID), Root: rootName(h.cat.Roots(), wr.Root)}
		} else {
			p.ShadowedBy = &link{Name: "a skill hidden from this catalog"}
		}
	}
	for _, o := range snap.shadows[s.ID] {
		p.Shadows = append(p.Shadows, link{ID: o.ID, Name: o.Name, URL: skillURL(o.ID), Root: rootName(h.cat.Roots(), o.Root)})
	}
	p.Doctor = h.doctorFindings(r, snap, s)
	findings := h.audit.Skill(r.Context(), *s)
	h.statuses.put(rec, findings)
	p.AuditWorst = "clean"
	for _, f := range findings {
		where := f.File
		if f.Line > 0 {
			where = fmt.Sprintf("%s:%d", f.File, f.Line)
		}
		p.Audit = append(p.Audit, auditRow{Severity: f.Severity.String(), Rule: f.RuleID, Where: where, Reason: f.Reason, Evidence: f.Evidence})
	}
	if len(findings) > 0 {
		p.AuditWorst = slices.MaxFunc(findings, func(a, b audit.Finding) int { return int(a.Severity - b.Severity) }).Severity.String()
	}
	call, _ := json.Marshal(map[string]string{"name": s.Name})
	if s.ShadowedBy != "" {
		call, _ = json.Marshal(map[string]string{"name": s.ID})
	}
	p.LoadCall = "load_skill " + string(call)
	p.Show = "skilldex show " + shellQuote(s.ID)
	h.render(w, r, http.StatusOK, "skill.html", p)
}

// invalidSkill serves the page of a skill that fails validation: why,
// from its diagnostics; nothing of it is rendered.
func (h *handler) invalidSkill(w http.ResponseWriter, r *http.Request, s *index.Skill) {
	p := &skillPage{base: h.base(r, s.Name+" - invalid skill"), Skill: s, URL: skillURL(s.ID), Root: rootName(h.cat.Roots(), s.Root),
		SkillPath: s.SkillPath(), Invalid: true, Fields: fields(s)}
	rep, err := doctor.Check(doctor.Input{Skills: []index.Skill{*s}})
	if err == nil {
		p.Doctor = rep.Findings
	}
	h.render(w, r, http.StatusOK, "skill.html", p)
}

// doctorFindings returns internal/doctor's findings about s: its own
// (diagnostics, references, description, scripts) and those of its name
// group (shadowing).
func (h *handler) doctorFindings(r *http.Request, snap *snapshot, s *index.Skill) []doctor.Finding {
	// The name group without hidden skills: their paths stay hidden.
	group := []index.Skill{*s}
	winner := s.ID
	if s.ShadowedBy != "" {
		winner = s.ShadowedBy
		if wr := snap.byID[winner]; wr != nil {
			group = append(group, *wr)
		}
	}
	for _, o := range snap.shadows[winner] {
		if o.ID != s.ID {
			group = append(group, *o)
		}
	}
	head := func(sk index.Skill, rel string) ([]byte, error) {
		f, err := h.cat.ReadFile(r.Context(), sk.ID, rel)
		if err != nil {
			return nil, err
		}
		return []byte(f.Content), nil
	}
	rep, err := doctor.Check(doctor.Input{Skills: group, Head: head})
	if err != nil {
		return nil
	}
	var out []doctor.Finding
	for _, f := range rep.Findings {
		if f.Skill == s.ID || f.Category == doctor.CatShadowed {
			out = append(out, f)
		}
	}
	return out
}

// fields lists the frontmatter fields the catalog reads; the page shows
// the frontmatter as written beside them.
func fields(s *index.Skill) []field {
	var out []field
	add := func(n, v string) {
		if v != "" {
			out = append(out, field{n, v})
		}
	}
	add("name", s.Name)
	add("description", s.Description)
	add("license", s.License)
	add("version", s.Version)
	add("author", s.Author)
	add("compatibility", s.Compatibility)
	add("tags", strings.Join(s.Tags, ", "))
	add("allowed-tools", strings.Join(s.AllowedTools, ", "))
	if s.DisableModelInvocation {
		add("hidden from the model", "yes (the author set disable-model-invocation or allow_implicit_invocation: false)")
	}
	if !s.UserInvocable {
		add("user-invocable", "false")
	}
	return out
}

// file serves one file of a skill: a page with its text, or with raw=1
// the text itself as text/plain (never as HTML, whatever it holds).
func (h *handler) file(w http.ResponseWriter, r *http.Request, rec *index.Skill, rel string) {
	f, err := h.cat.ReadFile(r.Context(), rec.ID, rel)
	raw := r.URL.Query().Get("raw") == "1"
	p := &filePage{base: h.base(r, rel+" - "+rec.Name), Skill: rec, SkillURL: skillURL(rec.ID), Path: rel}
	status := http.StatusOK
	if err != nil {
		var nf *index.FileNotFoundError
		switch {
		case errors.As(err, &nf), errors.Is(err, index.ErrOutside), errors.Is(err, index.ErrFileNotFound):
			status = http.StatusNotFound
		case errors.Is(err, index.ErrBinary), errors.Is(err, index.ErrTooLarge):
			status = http.StatusUnsupportedMediaType
		default:
			status = http.StatusInternalServerError
		}
		p.Error = err.Error()
	} else {
		p.Path, p.Content, p.Size = f.Path, f.Content, f.Size
		p.RawURL = rawURL(rec.ID, f.Path)
	}
	if raw {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
		w.Header().Set("Content-Disposition", "inline; filename*=UTF-8''"+pathEscapeName(path.Base(p.Path)))
		w.WriteHeader(status)
		if err != nil {
			fmt.Fprintln(w, p.Error)
			return
		}
		_, _ = w.Write([]byte(p.Content))
		return
	}
	h.render(w, r, status, "file.html", p)
}

// loadError answers a skill that could not be loaded.
func (h *handler) loadError(w http.ResponseWriter, r *http.Request, err error) {
	var nf *index.NotFoundError
	var inv *index.InvalidSkillError
	if errors.As(err, &nf) || errors.As(err, &inv) {
		h.notFound(w, r)
		return
	}
	h.log.Error("web: skill page", "path", r.URL.Path, "err", err)
	h.render(w, r, http.StatusInternalServerError, "error.html", &errorPage{base: h.base(r, "Error"), Message: "The skill could not be read: " + err.Error()})
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./:@", c))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// pathEscapeName escapes a file name for Content-Disposition's filename*
// (RFC 8187): every byte outside the unreserved set percent-encoded.
func pathEscapeName(n string) string {
	var b strings.Builder
	for i := 0; i < len(n); i++ {
		c := n[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
