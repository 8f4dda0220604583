package tools

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/skilldex/skilldex/internal/listing"
)

// PageBudget bounds, in characters (Unicode code points), the JSON of one
// page of list_skills or search_skills: 45,000. The SDK sends that JSON
// twice (as structuredContent and as the text copy older clients read),
// so a whole answer stays under 100,000 characters, about 25,000 tokens:
// the tool-result cap Claude Code applies by default and below what
// other agents truncate at. A page holds at least one entry.
const PageBudget = 45000

// EntryDescriptionChars is how long a description may be in a
// list_skills entry or a search_skills hit: 200 characters; a longer one
// is cut at a word boundary and ends in "…" (load_skill gives it whole).
const EntryDescriptionChars = 200

// pageOverhead is the room held back on a page for the fields around the
// entries (count, query, totals, next_cursor).
const pageOverhead = 600

// ErrBadCursor: a cursor that is not a next_cursor this server gave for
// the same request.
var ErrBadCursor = errors.New("invalid cursor: pass the next_cursor of the previous page unchanged (with the same query), or no cursor for the first page")

// cursor is where the next page starts: after the entry whose sort key is
// After (list_skills: the folded name and id, so a page boundary holds
// while the catalog changes), or at Offset (search_skills, for Query).
type cursor struct {
	After  string `json:"a,omitempty"`
	Offset int    `json:"o,omitempty"`
	Query  string `json:"q,omitempty"`
}

func (c cursor) encode() string {
	data, _ := json.Marshal(c) // a struct of strings and an int always encodes
	return base64.RawURLEncoding.EncodeToString(data)
}

// decodeCursor reads a cursor; "" is the first page. Errors: ErrBadCursor.
func decodeCursor(s string) (cursor, error) {
	var c cursor
	if s == "" {
		return c, nil
	}
	data, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(data, &c) != nil || c.Offset < 0 {
		return cursor{}, ErrBadCursor
	}
	return c, nil
}

// jsonChars is the length in characters of v's JSON (as the SDK encodes
// it: HTML characters escaped) plus one for the comma that separates it
// from the next entry.
func jsonChars(v any) int {
	data, err := json.Marshal(v)
	if err != nil {
		return PageBudget // never fits with another entry
	}
	return utf8.RuneCount(data) + 1
}

// brief is a description on one line, cut to EntryDescriptionChars.
func brief(desc string) string {
	return listing.Shorten(strings.Join(strings.Fields(desc), " "), EntryDescriptionChars)
}
