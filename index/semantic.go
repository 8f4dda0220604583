package index

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/skilldex/skilldex/search"
)

// Embedder turns texts into vectors for the optional semantic stage of
// search (Options.Embedder). internal/embed implements it over an
// OpenAI-compatible embeddings endpoint.
type Embedder interface {
	// Embed returns one vector per text, in order, all of one length.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Model names the model (and endpoint) the vectors come from.
	Model() string
}

// ErrSemanticOff is returned by Catalog.SemanticReady for a catalog opened
// without an Embedder.
var ErrSemanticOff = errors.New("index: no embedding model configured")

// errSemanticClosed ends a SemanticReady wait when the catalog closes.
var errSemanticClosed = errors.New("index: catalog closed while skills were being embedded")

const (
	// semanticChunk is how many skills' texts go to the Embedder in one
	// call: progress is kept per chunk, so an endpoint failing midway
	// keeps what was done.
	semanticChunk = 256
	// semanticNearest is how many skills nearest the query a hybrid
	// search considers beside the lexical hits.
	semanticNearest = 30
	// queryEmbedTimeout bounds embedding a query; past it the search is
	// lexical and says why.
	queryEmbedTimeout = 3 * time.Second
	// singleTries is how many texts of a failed chunk are tried alone,
	// none of them succeeding, before the failure is taken for the
	// endpoint's rather than one text's.
	singleTries = 3
	// maxEmbedText bounds a skill's embedded text in bytes: a name and a
	// description (the spec caps descriptions at 1,024 characters).
	maxEmbedText = 2048
	// semanticRetryMax caps the wait before retrying after the Embedder
	// failed; the first retry comes after semanticRetryMin.
	semanticRetryMin = 5 * time.Second
	semanticRetryMax = 5 * time.Minute
)

// semantic keeps search.Vectors in step with the catalog: after each
// change (poke) its goroutine embeds the served skills whose name or
// description is new or changed and drops the removed ones. It reads
// every record once, at its first sync and after the model changed; after
// that only the records of the skills each change names. Only that
// goroutine writes vecs and its own maps; mu guards what pokes and
// readers share with it.
type semantic struct {
	emb     Embedder
	vecs    *search.Vectors
	records func() []*Skill                // every served skill (shadowed too)
	get     func(id string) (*Skill, bool) // one skill's record, served or not
	log     *slog.Logger

	// The goroutine's own.
	want   map[string]string   // id -> the text of each served skill as last read
	texts  map[string]string   // id -> the text its vector was made from
	failed map[string]string   // id -> a text the endpoint refused alone, not retried until it changes
	stale  map[string]struct{} // ids of want whose vector is missing or from another text, failed aside
	wake   chan struct{}
	stop   context.CancelFunc
	done   chan struct{}

	mu      sync.Mutex
	dirty   map[string]struct{} // skills the changes since the last sync named
	full    bool                // the next sync reads every record
	pending int                 // skills whose vector is missing or stale
	gen     uint64              // pokes so far
	synced  uint64              // the gen the last finished sync started at
	syncing bool                // a sync is running
	closed  bool                // the goroutine has ended
	restart bool                // the next sync embeds every skill afresh (the model's dimension changed)
	lastErr error               // the last sync's failure, nil after a success or a poke
	waiters []chan struct{}
}

// startSemantic starts the stage's goroutine for c, with c.opts.Embedder.
// It subscribes to c's changes before its first sync reads every record,
// so no change falls between the two.
func startSemantic(c *Catalog) *semantic {
	ctx, cancel := context.WithCancel(context.Background())
	s := &semantic{emb: c.opts.Embedder, vecs: search.NewVectors(), log: c.log,
		records: func() []*Skill { return c.Records(ListOptions{IncludeShadowed: true}) }, get: c.view.get,
		want: map[string]string{}, texts: map[string]string{}, failed: map[string]string{}, stale: map[string]struct{}{},
		wake: make(chan struct{}, 1), stop: cancel, done: make(chan struct{}),
		dirty: map[string]struct{}{}, full: true, gen: 1}
	c.Subscribe(s.poke)
	go s.run(ctx)
	return s
}

// poke tells the goroutine the catalog changed (ch names the skills): it
// syncs again at once, so a failure recorded before is for the next sync
// to confirm.
func (s *semantic) poke(ch Change) {
	s.mu.Lock()
	s.gen++
	s.lastErr = nil
	for _, ids := range [][]string{ch.Added, ch.Updated, ch.Removed} {
		for _, id := range ids {
			s.dirty[id] = struct{}{}
		}
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// close stops the goroutine and waits for it.
func (s *semantic) close() {
	s.stop()
	<-s.done
}

func (s *semantic) run(ctx context.Context) {
	defer close(s.done)
	defer func() {
		s.mu.Lock()
		s.closed = true
		s.wakeWaiters()
		s.mu.Unlock()
	}()
	retry := time.Duration(0)
	for {
		select {
		case <-s.wake:
		default:
		}
		err := s.sync(ctx)
		if ctx.Err() != nil {
			return
		}
		var timer <-chan time.Time
		if err != nil {
			retry = min(max(2*retry, semanticRetryMin), semanticRetryMax)
			s.log.Warn("embedding skills failed; search stays lexical for them", "model", s.emb.Model(), "retry_in", retry, "err", err)
			timer = time.After(retry)
		} else {
			retry = 0
		}
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-timer:
		}
	}
}

// embedText is what a skill is embedded as: its name, words apart, and
// its description.
func embedText(sk *Skill) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(sk.Name) + ". " + sk.Description
	if len(t) > maxEmbedText {
		t = t[:maxEmbedText]
		for !utf8.ValidString(t) {
			t = t[:len(t)-1]
		}
	}
	return t
}

// sync brings vecs in step with the records once: it reads the records
// of the skills changed since the last sync (every record at the first
// sync and after the model changed), then embeds the stale ones.
func (s *semantic) sync(ctx context.Context) error {
	s.mu.Lock()
	gen, restart, full, dirty := s.gen, s.restart, s.full, s.dirty
	s.syncing, s.restart, s.full, s.dirty = true, false, false, map[string]struct{}{}
	s.mu.Unlock()
	if restart {
		s.dropAll()
	}
	if full || restart {
		s.readAll()
	} else {
		for id := range dirty {
			if sk, ok := s.get(id); ok && sk.Valid {
				s.note(id, embedText(sk), true)
			} else {
				s.note(id, "", false)
			}
		}
	}
	todo := make([]string, 0, len(s.stale))
	for id := range s.stale {
		todo = append(todo, id)
	}
	slices.Sort(todo)
	s.setState(len(s.stale), 0, nil)
	for len(todo) > 0 {
		chunk := todo[:min(len(todo), semanticChunk)]
		texts := make([]string, len(chunk))
		for i, id := range chunk {
			texts[i] = s.want[id]
		}
		vecs, err := s.embedChunk(ctx, chunk, texts)
		for i := 0; err == nil && i < len(chunk); i++ {
			if vecs[i] == nil {
				delete(s.stale, chunk[i]) // refused alone: in s.failed
				continue
			}
			if err = s.vecs.Set(chunk[i], vecs[i]); err != nil && errors.Is(err, search.ErrDimension) {
				// The model changed its dimension (another model behind
				// the same name): start over with it.
				s.dropAll()
				err = fmt.Errorf("%w; all skills are embedded again", err)
			}
			if err == nil {
				s.texts[chunk[i]] = texts[i]
				delete(s.stale, chunk[i])
			}
		}
		if err != nil {
			s.setState(len(s.stale), 0, err)
			return err
		}
		todo = todo[len(chunk):]
		s.setState(len(s.stale), 0, nil)
	}
	s.setState(0, gen, nil)
	return nil
}

// readAll notes every served skill's text from the records, and every
// skill no longer served as gone.
func (s *semantic) readAll() {
	served := map[string]bool{}
	for _, sk := range s.records() {
		if sk.Valid {
			served[sk.ID] = true
			s.note(sk.ID, embedText(sk), true)
		}
	}
	for _, m := range []map[string]string{s.want, s.texts, s.failed} {
		for id := range m {
			if !served[id] {
				s.note(id, "", false)
			}
		}
	}
}

// note records skill id's text (served), or that it is no longer served:
// its vector goes; a text changed since the endpoint refused it is tried
// again; one its vector was not made from is stale.
func (s *semantic) note(id, text string, served bool) {
	if !served {
		if _, ok := s.texts[id]; ok {
			s.vecs.Delete(id)
			delete(s.texts, id)
		}
		delete(s.want, id)
		delete(s.failed, id)
		delete(s.stale, id)
		return
	}
	s.want[id] = text
	if t, bad := s.failed[id]; bad {
		if t == text {
			delete(s.stale, id)
			return
		}
		delete(s.failed, id)
	}
	if t, ok := s.texts[id]; ok && t == text {
		delete(s.stale, id)
	} else {
		s.stale[id] = struct{}{}
	}
}

// embedChunk embeds the texts of the skills ids, one vector per text. A
// chunk the model refuses is tried a text at a time, so one text it
// cannot take (too long for its context, say) does not hold back every
// skill after it: such a text gets a nil vector and is recorded in
// s.failed, with a warning. When the first singleTries texts tried alone
// all fail too, the endpoint is at fault and its error is returned.
func (s *semantic) embedChunk(ctx context.Context, ids, texts []string) ([][]float32, error) {
	vecs, err := s.emb.Embed(ctx, texts)
	if err == nil && len(vecs) != len(texts) {
		err = fmt.Errorf("the embedding model returned %d vectors for %d texts", len(vecs), len(texts))
	}
	if err == nil || len(texts) == 1 || ctx.Err() != nil {
		return vecs, err
	}
	out := make([][]float32, len(texts))
	ok := 0
	var refused []int
	var first error
	for i, t := range texts {
		v, err := s.emb.Embed(ctx, []string{t})
		if err == nil && (len(v) != 1 || s.vecs.Check(v[0]) != nil) {
			err = fmt.Errorf("the embedding model returned no usable vector")
		}
		if err != nil {
			if ctx.Err() != nil || ok == 0 && i+1 >= singleTries {
				return nil, err
			}
			if first == nil {
				first = err
			}
			refused = append(refused, i)
			continue
		}
		out[i] = v[0]
		ok++
	}
	if len(refused) > 0 {
		for _, i := range refused {
			s.failed[ids[i]] = texts[i]
		}
		s.log.Warn("skills the embedding model refused are found by their words only", "model", s.emb.Model(), "skills", len(refused), "first", ids[refused[0]], "err", first)
	}
	return out, nil
}

// dropAll forgets every vector: every served skill is stale but those
// whose text the endpoint refused.
func (s *semantic) dropAll() {
	for id := range s.texts {
		s.vecs.Delete(id)
		delete(s.texts, id)
	}
	for id := range s.want {
		if _, bad := s.failed[id]; !bad {
			s.stale[id] = struct{}{}
		}
	}
}

// setState records progress; a finished sync (synced: the gen it started
// at) or a failure ends the sync and wakes those waiting in ready.
func (s *semantic) setState(pending int, synced uint64, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending, s.lastErr = pending, err
	if synced > 0 {
		s.synced = synced
	}
	if synced > 0 || err != nil {
		s.syncing = false
		s.wakeWaiters()
	}
}

// wakeWaiters wakes every ready waiting; s.mu is held.
func (s *semantic) wakeWaiters() {
	for _, w := range s.waiters {
		close(w)
	}
	s.waiters = nil
}

// state returns the skills still to embed and the last failure.
func (s *semantic) state() (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pending, s.lastErr
}

// ready waits until a sync ran to its end since the last change (nil),
// or the last sync failed and none runs (its error, at once), or the
// catalog closes, or ctx ends.
func (s *semantic) ready(ctx context.Context) error {
	for {
		s.mu.Lock()
		switch {
		case s.synced == s.gen:
			s.mu.Unlock()
			return nil
		case s.closed:
			s.mu.Unlock()
			return errSemanticClosed
		case s.lastErr != nil && !s.syncing:
			err := s.lastErr
			s.mu.Unlock()
			return err
		}
		w := make(chan struct{})
		s.waiters = append(s.waiters, w)
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-w:
		}
	}
}

// modelChanged has the next sync embed every skill afresh: a query's
// vector no longer has the skills' dimension, so the model behind the
// name changed.
func (s *semantic) modelChanged() {
	s.mu.Lock()
	s.restart = true
	s.mu.Unlock()
	s.poke(Change{})
}

// query embeds q and returns the semantic side of its search: nil when no
// skill has a vector yet.
func (s *semantic) query(ctx context.Context, q string) (*search.Semantic, error) {
	if s.vecs.Len() == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, queryEmbedTimeout)
	defer cancel()
	vecs, err := s.emb.Embed(ctx, []string{q})
	if err != nil {
		return nil, err
	}
	if len(vecs) != 1 {
		return nil, fmt.Errorf("the embedding model returned %d vectors for 1 text", len(vecs))
	}
	return s.vecs.Query(vecs[0], semanticNearest)
}

// SemanticReady waits until every served skill's name and description is
// embedded (Options.Embedder), or the embedding model failed (its error;
// the catalog retries in the background), or ctx ends. One-shot commands
// call it before searching; a server does not need to (searches are
// hybrid for the skills embedded so far). ErrSemanticOff: no Embedder.
func (c *Catalog) SemanticReady(ctx context.Context) error {
	if c.sem == nil {
		return ErrSemanticOff
	}
	return c.sem.ready(ctx)
}
