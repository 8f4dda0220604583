package index

import (
	"reflect"
	"testing"

	"github.com/skilldex/skilldex/search"
)

// TestTieOrder: equal scores are ordered by id whatever order the index
// gave them in (document numbers differ between two builds of the same
// folders); hits of different scores keep their order.
func TestTieOrder(t *testing.T) {
	hits := []search.Hit{{ID: "z", Score: 3}, {ID: "c", Score: 2}, {ID: "a", Score: 2}, {ID: "b", Score: 2}, {ID: "y", Score: 1}, {ID: "x", Score: 1.5}}
	tieOrder(hits)
	var got []string
	for _, h := range hits {
		got = append(got, h.ID)
	}
	if want := []string{"z", "a", "b", "c", "y", "x"}; !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}
