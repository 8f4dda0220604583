package search

import (
	"context"
	"testing"
)

// TestUnknownHost: a request for a script, plugin, extension or the like
// of a program no skill mentions is a query nothing fits, however well a
// generic skill matches the rest of it; a known program's plugin, an
// unknown name that is not the host of the artifact, and a typo are not.
func TestUnknownHost(t *testing.T) {
	docs := []Doc{
		{ID: "sprite-sheets", Name: "sprite-sheets", Description: "Export animation frames as a horizontal sprite sheet PNG with a Lua script",
			Body: "Each animation tag becomes one sheet. Works with Lua scripting in game engines."},
		{ID: "figma-plugin", Name: "figma-plugin", Description: "Write a Figma plugin that exports frames as PNG"},
		{ID: "csv-cleaner", Name: "csv-cleaner", Description: "Clean CSV files: fix delimiters, encodings and broken rows"},
	}
	ix := openMem(t, docs...)
	for _, c := range []struct {
		query       string
		host        bool
		noGoodMatch bool
	}{
		{"write an Aseprite Lua script that exports every animation tag as a horizontal sprite sheet PNG", true, true},
		{"a Krita plugin that exports every animation tag as a sprite sheet", true, true},
		{"write a Figma plugin that exports frames as PNG", false, false},                                 // a program the catalog knows
		{"export every animation tag as a sprite sheet PNG with a Lua script for Aseprite", false, false}, // the name after the noun
		{"export animaton tags as a sprite sheet with a Lua scirpt", false, false},                        // typos are no names
	} {
		res, err := ix.Search(context.Background(), Request{Query: c.query})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Fatalf("%q: no hits", c.query)
		}
		f := res.Hits[0].feat
		if f.unknownHost != c.host {
			t.Errorf("%q: unknownHost %v, want %v", c.query, f.unknownHost, c.host)
		}
		if res.NoGoodMatch != c.noGoodMatch {
			t.Errorf("%q: NoGoodMatch %v, want %v (first hit %s, fits %.2f)", c.query, res.NoGoodMatch, c.noGoodMatch, res.Hits[0].ID, f.fits())
		}
	}
	// With the rule off the Aseprite request reads as answerable: the
	// test measures the rule, not the rest of fits.
	ix.tune.unknownHost = false
	res, err := ix.Search(context.Background(), Request{Query: "write an Aseprite Lua script that exports every animation tag as a horizontal sprite sheet PNG"})
	if err != nil {
		t.Fatal(err)
	}
	if res.NoGoodMatch {
		t.Error("with unknownHost off the Aseprite request is still flagged: the test no longer measures the rule")
	}
}
