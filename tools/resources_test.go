package tools

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestResourceURIsForAnyID: a skill whose id cannot stand as a URI host
// (the root-numbered id of a path two roots share, a folder with a space)
// used to make AddResource panic; it is now listed as skill:///<id>/... and
// reads back.
func TestResourceURIsForAnyID(t *testing.T) {
	f := newFixture(t, map[string]string{
		"a/git/SKILL.md":      skillMD("name: git\ndescription: first", "# A\n"),
		"b/git/SKILL.md":      skillMD("name: git\ndescription: second", "# B\n"),
		"a/my skill/SKILL.md": skillMD("name: my-skill\ndescription: spaced folder", "# Spaced\n"),
	}, []string{"a", "b"}, Options{})
	cs := connect(t, f.h, nil)
	ctx := context.Background()
	res, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"skill://git/SKILL.md":         "# A",
		"skill:///2%3Agit/SKILL.md":    "# B",
		"skill:///my%20skill/SKILL.md": "# Spaced",
	}
	var got []string
	for _, r := range res.Resources {
		got = append(got, r.URI)
	}
	for uri, body := range want {
		rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Errorf("read %s: %v (listed: %v)", uri, err, got)
			continue
		}
		if !strings.Contains(rr.Contents[0].Text, body) {
			t.Errorf("read %s: %q", uri, rr.Contents[0].Text)
		}
	}
	if len(got) != 3 {
		t.Errorf("resources: %v", got)
	}
}
