package agentzero

import "testing"

func TestScore(t *testing.T) {
	tests := []struct {
		query, name, desc string
		tags              []string
		want              int
	}{
		{"pdf", "pdf-forms", "Fill PDF forms", []string{"pdf", "documents"}, 3 + 2 + 1},
		{"PDF Form", "pdf-forms", "fill in forms", nil, 3 + 3 + 2},               // "form" is a substring of "forms"
		{"pdf pdf", "pdf-forms", "", nil, 6},                                     // repeated terms count again
		{"doc", "x", "y", []string{"documents", "docs"}, 1},                      // at most 1 for tags per term
		{"a", "tdd", "Write tests first and make them pass", nil, 2},             // stop words are not removed
		{"testing", "test-driven-development", "Use when writing tests", nil, 0}, // no stemming
		{"   ", "x", "y", nil, 0},
	}
	for _, tt := range tests {
		if got := Score(tt.query, tt.name, tt.desc, tt.tags); got != tt.want {
			t.Errorf("Score(%q, %q, %q, %v) = %d, want %d", tt.query, tt.name, tt.desc, tt.tags, got, tt.want)
		}
	}
}
