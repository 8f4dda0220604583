package engine

import (
	"slices"
	"testing"
)

func TestConversionTargets(t *testing.T) {
	cases := []struct {
		desc string
		want []string
	}{
		{"Convert files and office documents to Markdown. Supports PDF, DOCX.", []string{"markdown"}},
		{"Migrate from Cypress or Selenium to Playwright.", []string{"playwright"}},
		{"Turn a screenplay into a storyboard", []string{"storyboard"}},
		{"Converts raw data to the standard format", []string{"standard"}},
		{"Parses FCS files and extracts events", nil},
	}
	a, _ := testAnalyzers(t)
	for _, c := range cases {
		toks := a.text.Analyze([]byte(c.desc))
		got := conversionTargets(c.desc, toks)
		if !slices.Equal(got, c.want) {
			t.Errorf("conversionTargets(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}
