package search

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
)

// The semantic stage of a hybrid search.
//
// Lexical ranking cannot find a skill that shares no word with the task
// ("the attacker measures how long decryption takes" and a skill about
// constant-time cryptography). An embedding model can: a skill's name and
// description and the query are turned into vectors, and nearness
// (cosine) stands in for shared words. The model lives outside this
// package (the caller embeds); Vectors keeps the skills' vectors and
// answers a query vector with a Semantic, which a Request carries into
// the ranking (fuse).

// ErrDimension is returned by Vectors.Set and Vectors.Query for a vector
// whose length differs from the table's (the first vector set fixes it),
// or one of length 0.
var ErrDimension = errors.New("search: vector length differs from the table's")

// Vectors is a table of document embeddings, one unit-length float32
// vector per document ID, all of one length, searched by brute force: a
// query costs len × dimension multiply-adds (100,000 skills of 768
// dimensions: 77 million, and 307 MB of memory). It owns its lock and is
// safe for concurrent use.
type Vectors struct {
	mu   sync.RWMutex
	gen  uint64 // counts changes (Set, Delete): rows a Query saw are the rows while gen is unchanged
	dim  int
	ids  []string       // row i's document ID
	pos  map[string]int // ID -> row
	data []float32      // rows of dim floats
}

// NewVectors returns an empty table.
func NewVectors() *Vectors {
	return &Vectors{pos: map[string]int{}}
}

// Len returns the number of documents with a vector.
func (v *Vectors) Len() int {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return len(v.ids)
}

// Set stores vec (any non-zero length, normalised here to unit length) as
// document id's vector, replacing one it had. The first vector of an
// empty table fixes the dimension; a vector of another length, a zero
// vector or one holding NaN or Inf returns ErrDimension or an error.
func (v *Vectors) Set(id string, vec []float32) error {
	unit, err := normalise(vec)
	if err != nil {
		return fmt.Errorf("vector of %s: %w", id, err)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.ids) == 0 {
		v.dim = len(unit)
	}
	if len(unit) != v.dim {
		return fmt.Errorf("vector of %s has %d dimensions, the table %d: %w", id, len(unit), v.dim, ErrDimension)
	}
	v.gen++
	if i, ok := v.pos[id]; ok {
		copy(v.data[i*v.dim:], unit)
		return nil
	}
	v.pos[id] = len(v.ids)
	v.ids = append(v.ids, id)
	v.data = append(v.data, unit...)
	return nil
}

// Check reports whether Set would take vec: nil, or ErrDimension (a
// length other than the table's, or 0) or an error for a zero vector or
// one holding NaN or Inf.
func (v *Vectors) Check(vec []float32) error {
	if _, err := normalise(vec); err != nil {
		return err
	}
	v.mu.RLock()
	defer v.mu.RUnlock()
	if len(v.ids) > 0 && len(vec) != v.dim {
		return fmt.Errorf("vector has %d dimensions, the table %d: %w", len(vec), v.dim, ErrDimension)
	}
	return nil
}

// Delete removes document id's vector, if it has one; the last row moves
// into its place.
func (v *Vectors) Delete(id string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	i, ok := v.pos[id]
	if !ok {
		return
	}
	v.gen++
	last := len(v.ids) - 1
	if i != last {
		v.ids[i] = v.ids[last]
		v.pos[v.ids[i]] = i
		copy(v.data[i*v.dim:(i+1)*v.dim], v.data[last*v.dim:])
	}
	delete(v.pos, id)
	v.ids = v.ids[:last]
	v.data = v.data[:last*v.dim]
}

// Similar is one document's cosine similarity to a query vector, in
// [-1, 1].
type Similar struct {
	ID     string
	Cosine float64
}

// Semantic is the semantic side of one hybrid search, from
// Vectors.Query: the documents nearest the query vector and the spread of
// the similarities over the whole table, so the ranking can tell a
// near document from the usual distance of any document (models differ
// widely in the cosines they give unrelated texts).
type Semantic struct {
	// Nearest are the k documents of highest cosine, best first (ties by
	// ID).
	Nearest []Similar
	// Mean and Std are the mean and standard deviation of the cosine
	// over every document of the table.
	Mean, Std float64

	q     []float32
	table *Vectors
	gen   uint64    // table.gen when Query computed cos
	cos   []float64 // row i's cosine, for the table's rows as of gen
}

// Cosine returns document id's cosine similarity to the query vector,
// and false when id has no vector. While the table is as Query found it,
// that is the cosine Query computed; once a vector was set or deleted
// since, it is read from the table now (a vector changed since Query
// counts as it is now).
func (s *Semantic) Cosine(id string) (float64, bool) {
	if s == nil {
		return 0, false
	}
	s.rlock()
	defer s.runlock()
	return s.cosineLocked(id)
}

// rlock and runlock hold the table's read lock around calls of
// cosineLocked, so one lock serves many look-ups. A Semantic made
// without Query has no table to lock.
func (s *Semantic) rlock() {
	if s.table != nil {
		s.table.mu.RLock()
	}
}

func (s *Semantic) runlock() {
	if s.table != nil {
		s.table.mu.RUnlock()
	}
}

// cosineLocked is Cosine with the table's read lock held: a look-up of
// the cosine Query computed when the table has not changed since (its
// rows are still the rows of s.cos), a dot product otherwise.
func (s *Semantic) cosineLocked(id string) (float64, bool) {
	v := s.table
	if v == nil {
		return 0, false
	}
	i, ok := v.pos[id]
	switch {
	case !ok:
		return 0, false
	case v.gen == s.gen:
		return s.cos[i], true
	case v.dim != len(s.q):
		return 0, false
	}
	return dot(s.q, v.data[i*v.dim:(i+1)*v.dim]), true
}

// Query returns the k documents nearest q (normalised here) and the
// similarities' mean and spread; nil when the table is empty.
// ErrDimension: q's length is not the table's.
func (v *Vectors) Query(q []float32, k int) (*Semantic, error) {
	unit, err := normalise(q)
	if err != nil {
		return nil, fmt.Errorf("query vector: %w", err)
	}
	v.mu.RLock()
	defer v.mu.RUnlock()
	n := len(v.ids)
	if n == 0 {
		return nil, nil
	}
	if len(unit) != v.dim {
		return nil, fmt.Errorf("query vector has %d dimensions, the table %d: %w", len(unit), v.dim, ErrDimension)
	}
	sims := make([]float64, n)
	var sum, sq float64
	for i := range n {
		s := dot(unit, v.data[i*v.dim:(i+1)*v.dim])
		sims[i] = s
		sum += s
		sq += s * s
	}
	mean := sum / float64(n)
	std := math.Sqrt(max(0, sq/float64(n)-mean*mean))
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	byNear := func(a, b int) int {
		if c := cmp.Compare(sims[b], sims[a]); c != 0 {
			return c
		}
		return cmp.Compare(v.ids[a], v.ids[b])
	}
	k = min(max(k, 0), n)
	if k < n {
		partialSort(order, k, byNear)
	}
	slices.SortFunc(order[:k], byNear)
	near := make([]Similar, k)
	for j, i := range order[:k] {
		near[j] = Similar{ID: v.ids[i], Cosine: sims[i]}
	}
	return &Semantic{Nearest: near, Mean: mean, Std: std, q: unit, table: v, gen: v.gen, cos: sims}, nil
}

// partialSort moves the k smallest elements of order (by less) to its
// front, in no particular order: quickselect, so a query over a large
// table does not sort every row.
func partialSort(order []int, k int, less func(a, b int) int) {
	lo, hi := 0, len(order)-1
	for lo < hi {
		p := order[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for less(order[i], p) < 0 {
				i++
			}
			for less(order[j], p) > 0 {
				j--
			}
			if i <= j {
				order[i], order[j] = order[j], order[i]
				i++
				j--
			}
		}
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}

// normalise returns vec scaled to unit length, refusing an empty or zero
// vector and one holding NaN or Inf.
func normalise(vec []float32) ([]float32, error) {
	if len(vec) == 0 {
		return nil, ErrDimension
	}
	var sq float64
	for _, x := range vec {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, errors.New("search: vector holds NaN or Inf")
		}
		sq += f * f
	}
	if sq == 0 {
		return nil, errors.New("search: zero vector")
	}
	inv := 1 / math.Sqrt(sq)
	out := make([]float32, len(vec))
	for i, x := range vec {
		out[i] = float32(float64(x) * inv)
	}
	return out, nil
}

// dot is the dot product of two vectors of one length (four float32
// partial sums: unit vectors keep them small).
func dot(a, b []float32) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return float64(s0) + float64(s1) + float64(s2) + float64(s3)
}
