package search

import (
	"reflect"
	"testing"
)

func TestProperNouns(t *testing.T) {
	got := properNouns("Run the posts through Tisane. Then ask Doppler for the API key; NASA data: Export it\nAfter that tell Slack")
	want := map[string]bool{"tisane": true, "doppler": true, "slack": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("properNouns = %v, want %v (sentence starts, acronyms and lower-case words are not names)", got, want)
	}
}

// TestRareProperName: a service whose name is also an English word
// ("tisane", an herbal tea) is the one a request names when the request
// writes it as a name, capitalised inside a sentence; the connector's text
// only names the service, so without the rare-name weight a skill that
// shares the task's common words wins.
func TestRareProperName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "tisane", Name: "tisane-automation", Description: "Automate Tisane tasks via Rube MCP (Composio). Always search tools first for current schemas."},
		Doc{ID: "forum", Name: "forum-manager", Description: "Manage a community forum: comments, posts and members."},
	)
	ix := openMem(t, docs...)
	q := "Flag insults in the comments of our forum through Tisane"
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) == 0 || got[0] != "tisane" {
		t.Errorf("Search(%q) = %v, want tisane first", q, got)
	}
	ix.tune.rareNameProper = false
	defer func() { ix.tune = defaultTuning }()
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) > 0 && got[0] == "tisane" {
		t.Errorf("without rareNameProper, Search(%q) = %v: the test no longer measures the rule", q, got)
	}
}
