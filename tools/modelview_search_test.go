package tools

import (
	"context"
	"fmt"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// TestHiddenSearchManyHidden: when more hidden skills than hiddenSlack
// outrank the visible ones, the view asks again and still fills the page
// with visible skills, none hidden; when few are hidden, one search does.
func TestHiddenSearchManyHidden(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for i := range hiddenSlack + 4 {
		files[fmt.Sprintf("h%02d/SKILL.md", i)] = skillMD(fmt.Sprintf("name: deploy-kubernetes-%02d\ndescription: Deploy kubernetes clusters, deploy kubernetes services\ndisable-model-invocation: true", i), "# Deploy\n")
	}
	for i := range 3 {
		files[fmt.Sprintf("v%d/SKILL.md", i)] = skillMD(fmt.Sprintf("name: visible-%d\ndescription: Notes that mention deploy once", i), "# Visible\n")
	}
	tree(t, dir, files)
	cat := openCatalog(t, index.Root{Path: dir})
	v := newModelView(cat, false, nil)
	ctx := context.Background()
	all, err := cat.Search(ctx, index.SearchRequest{Query: "deploy kubernetes", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Hits) < hiddenSlack+4+3 || all.Hits[0].Name[:6] != "deploy" {
		t.Fatalf("the hidden skills do not outrank the visible ones: %+v", all.Hits)
	}
	res, err := v.Search(ctx, index.SearchRequest{Query: "deploy kubernetes", Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 2 {
		t.Fatalf("%d hits, want 2 visible ones: %+v", len(res.Hits), res.Hits)
	}
	for _, h := range res.Hits {
		if h.Name[:7] != "visible" {
			t.Errorf("hit %s is hidden", h.Name)
		}
	}
	if res.Total != 3 {
		t.Errorf("total %d, want the 3 visible skills", res.Total)
	}
}
