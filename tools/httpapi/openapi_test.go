package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/skilldex/skilldex/tools/httpapi"
)

// openAPISchema compiles the schema at ptr (a JSON pointer into
// openapi.json, such as /components/schemas/Skill) with a JSON Schema
// 2020-12 validator we did not write (OpenAPI 3.1's schemas are 2020-12).
func openAPISchema(t testing.TB, ptr string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(httpapi.OpenAPI))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("https://skilldex.dev/openapi.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("https://skilldex.dev/openapi.json#" + ptr)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestOpenAPIDocumentsRoutes: the document is valid JSON, OpenAPI 3.1,
// and every route New serves is a path of it.
func TestOpenAPIDocumentsRoutes(t *testing.T) {
	var doc struct {
		OpenAPI string                     `json:"openapi"`
		Paths   map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(httpapi.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1.") {
		t.Errorf("openapi %q, want 3.1.x", doc.OpenAPI)
	}
	for _, p := range []string{"/api/v1/search", "/api/v1/skills", "/api/v1/skills/{id}", "/api/v1/skills/{id}/files/{path}", "/api/v1/openapi.json"} {
		if _, ok := doc.Paths[p]; !ok {
			t.Errorf("route %s is not documented", p)
		}
	}
	if len(doc.Paths) != 5 {
		t.Errorf("%d paths documented, 5 served", len(doc.Paths))
	}
}

// TestResponsesMatchOpenAPI validates real answers of every route, and
// its errors, against the document's schemas (additionalProperties false:
// an undocumented field fails too).
func TestResponsesMatchOpenAPI(t *testing.T) {
	f := newFixture(t)
	schema := func(name string) *jsonschema.Schema { return openAPISchema(t, "/components/schemas/"+name) }
	list := openAPISchema(t, "/paths/~1api~1v1~1skills/get/responses/200/content/application~1json/schema")
	etag := regexp.MustCompile(`^"sha256:[0-9a-f]{64}"$`)
	cases := []struct {
		path   string
		status int
		schema *jsonschema.Schema
	}{
		{"/api/v1/search?q=pdf+forms", 200, schema("SearchPage")},
		{"/api/v1/search?q=pdf&limit=1", 200, schema("SearchPage")},
		{"/api/v1/search?q=zzqqxx", 200, schema("SearchPage")},
		{"/api/v1/skills", 200, list},
		{"/api/v1/skills?limit=1", 200, list},
		{httpapi.SkillPath("group/pdf-forms"), 200, schema("Shown")},
		{httpapi.SkillPath("zeta"), 200, schema("Shown")},
		{httpapi.FilePath("group/pdf-forms", "references/guide.md"), 200, schema("File")},
		{httpapi.FilePath("zeta", "SKILL.md"), 200, schema("File")},
		{"/api/v1/search", 400, schema("Error")},
		{"/api/v1/skills/nope", 404, schema("Error")},
		{httpapi.FilePath("zeta", "nope"), 404, schema("Error")},
	}
	for _, c := range cases {
		resp, body := f.get(t, c.path)
		if resp.StatusCode != c.status {
			t.Errorf("%s: %d, want %d: %s", c.path, resp.StatusCode, c.status, body)
			continue
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if err := c.schema.Validate(v); err != nil {
			t.Errorf("%s does not match the OpenAPI schema: %v\n%s", c.path, err, body)
		}
		if c.status == 200 && !etag.MatchString(resp.Header.Get("ETag")) {
			t.Errorf("%s: ETag %q does not match the documented pattern", c.path, resp.Header.Get("ETag"))
		}
	}
	// The schemas are not vacuous: a document with a field they do not
	// name, or without a required one, fails.
	for _, bad := range []string{`{"skill_id":"a","path":"b","content":"c","size":1,"extra":1}`, `{"skill_id":"a","path":"b","size":1}`} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if schema("File").Validate(v) == nil {
			t.Errorf("File schema accepts %s", bad)
		}
	}
	// The served document is the embedded one.
	resp, body := f.get(t, "/api/v1/openapi.json")
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, httpapi.OpenAPI) {
		t.Errorf("openapi.json: %d, %d bytes, want the embedded document", resp.StatusCode, len(body))
	}
}
