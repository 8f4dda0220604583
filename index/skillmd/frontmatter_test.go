package skillmd

import "testing"

func TestSplitFrontmatter(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		front    string
		body     string
		bodyLine int
		ok       bool
	}{
		{"basic", "---\nname: a\n---\n# Body\n", "name: a\n", "# Body\n", 4, true},
		{"crlf", "---\r\nname: a\r\ndescription: b\r\n---\r\nline1\r\nline2\r\n", "name: a\ndescription: b\n", "line1\nline2\n", 5, true},
		{"bom", "\xEF\xBB\xBF---\nname: a\n---\nbody", "name: a\n", "body", 4, true},
		{"doubled CR", "---\r\r\nname: a\r\r\n---\r\nx\ry\r", "name: a\n", "x\ry\r", 4, true},
		{"bom and crlf", "\xEF\xBB\xBF---\r\nname: a\r\n---\r\nbody", "name: a\n", "body", 4, true},
		{"dots closer", "---\nname: a\n...\nbody\n", "name: a\n", "body\n", 4, true},
		{"trailing spaces on delimiters", "--- \nname: a\n---\t\nbody\n", "name: a\n", "body\n", 4, true},
		{"empty frontmatter", "---\n---\nbody\n", "", "body\n", 3, true},
		{"closer at end of file", "---\nname: a\n---", "name: a\n", "", 4, true},
		{"closer then newline at end", "---\nname: a\n---\n", "name: a\n", "", 4, true},
		{"long body line", "---\na: 1\nb: 2\nc: 3\n---\n\n\nx\n", "a: 1\nb: 2\nc: 3\n", "\n\nx\n", 6, true},
		{"no frontmatter", "# Title\n\nname: a\n", "", "# Title\n\nname: a\n", 1, false},
		{"unclosed", "---\nname: a\nbody\n", "", "---\nname: a\nbody\n", 1, false},
		{"four dashes is not a delimiter", "----\nname: a\n----\n", "", "----\nname: a\n----\n", 1, false},
		{"dashes alone", "---", "", "---", 1, false},
		{"empty file", "", "", "", 1, false},
		{"leading blank line", "\n---\nname: a\n---\n", "", "\n---\nname: a\n---\n", 1, false},
		{"horizontal rule inside body is not a closer", "---\nname: a\n---\ntext\n---\nmore\n", "name: a\n", "text\n---\nmore\n", 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			front, body, line, ok := SplitFrontmatter([]byte(tt.in))
			if ok != tt.ok || string(front) != tt.front || string(body) != tt.body || line != tt.bodyLine {
				t.Errorf("got front=%q body=%q line=%d ok=%v\nwant front=%q body=%q line=%d ok=%v",
					front, body, line, ok, tt.front, tt.body, tt.bodyLine, tt.ok)
			}
			if !ok && front != nil {
				t.Errorf("front should be nil without frontmatter")
			}
		})
	}
}
