package skillsext_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/skillsext"
)

func write(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fixture writes two roots: the first holds the skills the tests look at,
// the second a skill that the first shadows.
func fixture(t *testing.T) (root1, root2 string) {
	root1, root2 = t.TempDir(), t.TempDir()
	write(t, root1, map[string]string{
		"alpha/SKILL.md":            "---\nname: alpha\ndescription: >\n  Alpha does\n  things.\nlicense: MIT\nmetadata:\n  version: 1.2\n  io.modelcontextprotocol/x: kept\n---\n\n# Alpha\nSee [guide](references/guide.md).\n",
		"alpha/references/guide.md": "# Guide\n",
		"alpha/assets/logo.bin":     "\x00\x01\x02binary\xff",
		"alpha/inner/SKILL.md":      "---\nname: inner\ndescription: A nested skill.\n---\nInner.\n",
		"alpha/inner/notes.md":      "notes\n",
		"folder-x/SKILL.md":         "---\nname: beta\ndescription: Beta lives in a folder with another name.\n---\nBeta.\n",
		"Bad Name/SKILL.md":         "---\nname: Bad Name\ndescription: A name that breaks the rules.\n---\nBad.\n",
		"secret/SKILL.md":           "---\nname: secret\ndescription: Hidden from the model.\ndisable-model-invocation: true\n---\nSecret.\n",
		"gamma/skill.md":            "---\nname: gamma\ndescription: Lower-case skill.md on disk.\n---\nGamma.\n",
	})
	big := map[string]string{"huge/SKILL.md": "---\nname: huge\ndescription: Too many files.\n---\nHuge.\n"}
	for i := range skillsext.MaxFilesPerSkill {
		big[fmt.Sprintf("huge/data/f%03d.txt", i)] = "x"
	}
	write(t, root1, big)
	write(t, root2, map[string]string{
		"alpha/SKILL.md": "---\nname: alpha\ndescription: The shadowed alpha.\n---\nOther alpha.\n",
	})
	return root1, root2
}

type session struct {
	t     *testing.T
	cs    *mcp.ClientSession
	cat   *index.Catalog
	lists chan struct{}
}

func connect(t *testing.T, roots ...string) *session {
	t.Helper()
	var rs []index.Root
	for _, r := range roots {
		rs = append(rs, index.Root{Path: r})
	}
	cat, err := index.Open(context.Background(), &index.Options{Roots: rs, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	srv, err := tools.New(cat, nil).NewServer()
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	s := &session{t: t, cat: cat, lists: make(chan struct{}, 16)}
	c := mcp.NewClient(&mcp.Implementation{Name: "test"}, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { s.lists <- struct{}{} },
	})
	for _, m := range []error{
		mcp.AddSendingCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](c, "skills/list"),
		mcp.AddSendingCustomMethod[*skillsext.GetSkillParams, *skillsext.GetSkillResult](c, "skills/get"),
		mcp.AddSendingCustomMethod[*skillsext.ReadDirectoryParams, *skillsext.ReadDirectoryResult](c, "resources/directory/read"),
	} {
		if m != nil {
			t.Fatal(m)
		}
	}
	cs, err := c.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	s.cs = cs
	return s
}

func (s *session) list(cursor string) *skillsext.ListSkillsResult {
	s.t.Helper()
	r, err := mcp.CallCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](context.Background(), s.cs, "skills/list", &skillsext.ListSkillsParams{Cursor: cursor})
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

func (s *session) get(uri string) (*skillsext.GetSkillResult, error) {
	return mcp.CallCustomMethod[*skillsext.GetSkillParams, *skillsext.GetSkillResult](context.Background(), s.cs, "skills/get", &skillsext.GetSkillParams{URI: uri})
}

func (s *session) dir(uri string) (*skillsext.ReadDirectoryResult, error) {
	return mcp.CallCustomMethod[*skillsext.ReadDirectoryParams, *skillsext.ReadDirectoryResult](context.Background(), s.cs, "resources/directory/read", &skillsext.ReadDirectoryParams{URI: uri})
}

// read returns the raw bytes of a resource, text or blob.
func (s *session) read(uri string) ([]byte, *mcp.ResourceContents) {
	s.t.Helper()
	r, err := s.cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		s.t.Fatalf("read %s: %v", uri, err)
	}
	c := r.Contents[0]
	if c.Blob != nil {
		return c.Blob, c
	}
	return []byte(c.Text), c
}

func invalidParams(t *testing.T, err error, want string) {
	t.Helper()
	var je *jsonrpc.Error
	if !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams {
		t.Fatalf("error = %v, want -32602", err)
	}
	if !strings.Contains(je.Message, want) {
		t.Errorf("message %q does not say %q", je.Message, want)
	}
}

func TestCapabilityDeclared(t *testing.T) {
	r1, _ := fixture(t)
	s := connect(t, r1)
	caps := s.cs.InitializeResult().Capabilities
	got, _ := json.Marshal(caps.Extensions[skillsext.ID])
	if string(got) != `{"directoryRead":true}` {
		t.Errorf("extensions[%s] = %s", skillsext.ID, got)
	}
	if caps.Resources == nil || caps.Tools == nil {
		t.Errorf("resources and tools capabilities must stay declared: %+v", caps)
	}
}

// TestListEveryEntry pages through skills/list and checks every entry
// against the bytes resources/read serves: each digest and size, each file
// once, SKILL.md included, and the frontmatter as written.
func TestListEveryEntry(t *testing.T) {
	r1, r2 := fixture(t)
	s := connect(t, r1, r2)
	var all []*skillsext.Skill
	pages := 0
	for cur := ""; ; pages++ {
		r := s.list(cur)
		if r.TTLMs <= 0 || r.CacheScope == "" {
			t.Errorf("page %d: ttlMs %d cacheScope %q", pages, r.TTLMs, r.CacheScope)
		}
		all = append(all, r.Skills...)
		if cur = r.NextCursor; cur == "" {
			break
		}
	}
	var uris []string
	for _, sk := range all {
		uris = append(uris, sk.URI)
	}
	want := []string{"skill://alpha/SKILL.md", "skill://alpha/inner/SKILL.md", "skill://folder-x/beta/SKILL.md", "skill://gamma/SKILL.md"}
	if strings.Join(uris, " ") != strings.Join(want, " ") {
		t.Fatalf("listed %v, want %v (no bad name, no hidden, no oversized, no shadowed)", uris, want)
	}
	for _, sk := range all {
		name := sk.Frontmatter["name"].(string)
		if !strings.HasSuffix(sk.URI, "/"+name+"/SKILL.md") {
			t.Errorf("%s: final segment is not the name %q", sk.URI, name)
		}
		if sk.Resources[0].URI != sk.URI {
			t.Errorf("%s: first resource %s is not SKILL.md", sk.URI, sk.Resources[0].URI)
		}
		seen := map[string]bool{}
		for _, r := range sk.Resources {
			if seen[r.URI] {
				t.Errorf("%s listed twice", r.URI)
			}
			seen[r.URI] = true
			data, _ := s.read(r.URI)
			sum := sha256.Sum256(data)
			if r.Digest != "sha256:"+hex.EncodeToString(sum[:]) || r.Size != int64(len(data)) {
				t.Errorf("%s: entry says %s/%d, read gives %x/%d", r.URI, r.Digest, r.Size, sum, len(data))
			}
		}
	}
	alpha := all[0]
	var files []string
	for _, r := range alpha.Resources {
		files = append(files, strings.TrimPrefix(r.URI, "skill://alpha/"))
	}
	if got := strings.Join(files, " "); got != "SKILL.md assets/logo.bin inner/SKILL.md inner/notes.md references/guide.md" {
		t.Errorf("alpha's resources = %s (nested skill files included)", got)
	}
	fm, _ := json.Marshal(alpha.Frontmatter)
	if string(fm) != `{"description":"Alpha does things.\n","license":"MIT","metadata":{"io.modelcontextprotocol/x":"kept","version":1.2},"name":"alpha"}` {
		t.Errorf("frontmatter = %s", fm)
	}
	_, c := s.read("skill://alpha/assets/logo.bin")
	if c.Blob == nil || c.MIMEType != "application/octet-stream" {
		t.Errorf("binary file served as %q, blob %v", c.MIMEType, c.Blob != nil)
	}
	if _, c := s.read("skill://gamma/SKILL.md"); c.MIMEType != "text/markdown" || !strings.Contains(c.Text, "name: gamma") {
		t.Errorf("gamma's skill.md served as %+v", c)
	}
}

func TestPaginationNeverSplits(t *testing.T) {
	root := t.TempDir()
	for i := range 7 {
		n := fmt.Sprintf("s%d", i)
		write(t, root, map[string]string{n + "/SKILL.md": "---\nname: " + n + "\ndescription: d.\n---\n", n + "/a.md": "a"})
	}
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: root}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, &mcp.ServerOptions{Capabilities: skillsext.Capabilities()})
	if err := skillsext.New(cat, &skillsext.Options{PageSize: 3}).Install(srv); err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := srv.Connect(context.Background(), st, nil)
	defer ss.Close()
	c := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil)
	mcp.AddSendingCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](c, "skills/list")
	cs, _ := c.Connect(context.Background(), ct, nil)
	defer cs.Close()
	var sizes []int
	seen := map[string]bool{}
	for cur := ""; ; {
		r, err := mcp.CallCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](context.Background(), cs, "skills/list", &skillsext.ListSkillsParams{Cursor: cur})
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(r.Skills))
		for _, sk := range r.Skills {
			if seen[sk.URI] || len(sk.Resources) != 2 {
				t.Errorf("%s repeated or split: %d resources", sk.URI, len(sk.Resources))
			}
			seen[sk.URI] = true
		}
		if cur = r.NextCursor; cur == "" {
			break
		}
	}
	if fmt.Sprint(sizes) != "[3 3 1]" {
		t.Errorf("page sizes %v, want [3 3 1]", sizes)
	}
	_, err = mcp.CallCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](context.Background(), cs, "skills/list", &skillsext.ListSkillsParams{Cursor: "!!"})
	invalidParams(t, err, "cursor")
}

func TestGet(t *testing.T) {
	r1, r2 := fixture(t)
	s := connect(t, r1, r2)
	r, err := s.get("skill://folder-x/beta/SKILL.md")
	if err != nil {
		t.Fatal(err)
	}
	if r.Skill.URI != "skill://folder-x/beta/SKILL.md" || r.TTLMs <= 0 || r.CacheScope == "" {
		t.Errorf("get = %+v", r)
	}
	// The shadowed alpha of the second root is served by URI, not listed.
	r, err = s.get("skill://2%3Aalpha/alpha/SKILL.md")
	if err != nil {
		t.Fatal(err)
	}
	if r.Skill.Frontmatter["description"] != "The shadowed alpha." {
		t.Errorf("shadowed alpha = %+v", r.Skill.Frontmatter)
	}
	_, err = s.get("skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md")
	invalidParams(t, err, "No skill is served at skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md")
	// A skill hidden from the model is not served (tools.NewServer hands
	// the extension the catalog without hidden skills).
	_, err = s.get("skill://secret/SKILL.md")
	invalidParams(t, err, "No skill is served")
	_, err = s.get("skill://huge/SKILL.md")
	invalidParams(t, err, "513 files")
	_, err = s.get("skill://alpha/references/guide.md")
	invalidParams(t, err, "No skill is served")
}

func TestReadDirectory(t *testing.T) {
	r1, _ := fixture(t)
	s := connect(t, r1)
	r, err := s.dir("skill://alpha")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range r.Resources {
		got = append(got, strings.TrimPrefix(c.URI, "skill://alpha")+"="+c.MIMEType)
	}
	if strings.Join(got, " ") != "/SKILL.md=text/markdown /assets=inode/directory /inner=inode/directory /references=inode/directory" {
		t.Errorf("children = %v", got)
	}
	r, err = s.dir("skill://alpha/references")
	if err != nil || len(r.Resources) != 1 || r.Resources[0].Name != "guide.md" {
		t.Errorf("references = %+v, %v", r, err)
	}
	_, err = s.dir("skill://alpha/SKILL.md")
	invalidParams(t, err, "is not a directory resource")
	_, err = s.dir("skill://nowhere")
	invalidParams(t, err, "is not a directory resource")
}

func TestResourcesListAndNotFound(t *testing.T) {
	r1, r2 := fixture(t)
	s := connect(t, r1, r2)
	r, err := s.cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, res := range r.Resources {
		got = append(got, res.URI+" "+res.Name+" "+res.MIMEType)
	}
	want := "skill://2%3Aalpha/alpha/SKILL.md alpha text/markdown|skill://alpha/SKILL.md alpha text/markdown|skill://alpha/inner/SKILL.md inner text/markdown|skill://folder-x/beta/SKILL.md beta text/markdown|skill://gamma/SKILL.md gamma text/markdown|" +
		// then the skills only the tools serve, under the tools' URIs and names
		"skill:///Bad%20Name/SKILL.md Bad Name text/markdown|skill://huge/SKILL.md huge text/markdown"
	if strings.Join(got, "|") != want {
		t.Errorf("resources/list = %v", got)
	}
	if r.Resources[1].Description != "Alpha does things.\n" {
		t.Errorf("description = %q", r.Resources[0].Description)
	}
	for _, uri := range []string{"test://nonexistent-resource", "skill://alpha/missing.md"} {
		_, err = s.cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		var je *jsonrpc.Error
		if !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams || !strings.Contains(string(je.Data), uri) {
			t.Errorf("read %s: %v, want -32602 with the URI in data", uri, err)
		}
	}
	// The tools' resources still read through their own URIs.
	if data, _ := s.read("skill://Bad%20Name/SKILL.md"); !strings.Contains(string(data), "Bad Name") {
		t.Errorf("tools URI read %q", data)
	}
}

// TestLiveChange edits a file: the entry's digest follows after a refresh
// and the client hears resources/list_changed.
func TestLiveChange(t *testing.T) {
	r1, _ := fixture(t)
	s := connect(t, r1)
	before, err := s.get("skill://alpha/SKILL.md")
	if err != nil {
		t.Fatal(err)
	}
	write(t, r1, map[string]string{"alpha/references/guide.md": "# Guide, edited\n"})
	if _, err := s.cat.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	after, err := s.get("skill://alpha/SKILL.md")
	if err != nil {
		t.Fatal(err)
	}
	digest := func(sk *skillsext.Skill, uri string) string {
		for _, r := range sk.Resources {
			if r.URI == uri {
				return r.Digest
			}
		}
		return ""
	}
	const g = "skill://alpha/references/guide.md"
	data, _ := s.read(g)
	sum := sha256.Sum256(data)
	if digest(before.Skill, g) == digest(after.Skill, g) || digest(after.Skill, g) != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Errorf("digest before %s, after %s, content %x", digest(before.Skill, g), digest(after.Skill, g), sum)
	}
	select {
	case <-s.lists:
	case <-time.After(60 * time.Second):
		t.Fatal("no notifications/resources/list_changed after the change")
	}
}

// TestHiddenSkills: over the raw catalog (no tools view in between), a
// skill hidden from the model is neither listed nor served, and skills/get
// says why; with ExposeHidden it is served like any other.
func TestHiddenSkills(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"secret/SKILL.md": "---\nname: secret\ndescription: Hidden from the model.\ndisable-model-invocation: true\n---\nSecret.\n",
		"open/SKILL.md":   "---\nname: open\ndescription: Visible.\n---\nOpen.\n",
	})
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: root}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	for _, expose := range []bool{false, true} {
		srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, &mcp.ServerOptions{Capabilities: skillsext.Capabilities()})
		if err := skillsext.New(cat, &skillsext.Options{ExposeHidden: expose}).Install(srv); err != nil {
			t.Fatal(err)
		}
		st, ct := mcp.NewInMemoryTransports()
		ss, _ := srv.Connect(context.Background(), st, nil)
		c := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil)
		mcp.AddSendingCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](c, "skills/list")
		mcp.AddSendingCustomMethod[*skillsext.GetSkillParams, *skillsext.GetSkillResult](c, "skills/get")
		cs, _ := c.Connect(context.Background(), ct, nil)
		r, err := mcp.CallCustomMethod[*skillsext.ListSkillsParams, *skillsext.ListSkillsResult](context.Background(), cs, "skills/list", &skillsext.ListSkillsParams{})
		if err != nil {
			t.Fatal(err)
		}
		_, getErr := mcp.CallCustomMethod[*skillsext.GetSkillParams, *skillsext.GetSkillResult](context.Background(), cs, "skills/get", &skillsext.GetSkillParams{URI: "skill://secret/SKILL.md"})
		switch {
		case !expose && (len(r.Skills) != 1 || getErr == nil):
			t.Errorf("hidden: listed %d skills, get error %v", len(r.Skills), getErr)
		case !expose:
			invalidParams(t, getErr, "disable-model-invocation")
		case expose && (len(r.Skills) != 2 || getErr != nil):
			t.Errorf("exposed: listed %d skills, get error %v", len(r.Skills), getErr)
		}
		cs.Close()
		ss.Close()
	}
}
