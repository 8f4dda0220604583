package search

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Request is one search.
type Request struct {
	// Query is free text, e.g. "convert PDFs to markdown". It is analysed
	// like the indexed text (lower case, English stop words removed, porter
	// stemming); there is no query syntax: quotes, +, - and : are ignored.
	Query string
	// Limit is the maximum number of hits returned; 0 means 10. Negative
	// values are an error.
	Limit int
	// MinScore drops hits whose Score is below it; 0 keeps all. Scores are
	// relative (see Hit.Score); Total counts only hits at or above it.
	MinScore float64
	// Offset skips that many best hits (for paging); negative is an error.
	Offset int
	// Keywords are extra search terms fused with Query, e.g. the words a
	// skill author would use for the task ("churn", "retention" for "users
	// leave after a month"), as an agent can add them. Each is analysed
	// like Query and weighs 0.7 of a query word; they count toward the
	// 32-term cap after Query's words. nil or empty: Query alone.
	Keywords []string
	// Semantic, when not nil, makes the search hybrid: each hit's cosine
	// similarity to the query's embedding (Vectors.Query) is fused with
	// its lexical score, and the skills nearest the query join the hits
	// even when they share no word with it (see fuse.go). MinScore then
	// cuts the fused score, and Total adds the skills only the semantic
	// side found (with a MinScore, it counts the hits of the best 2,000
	// lexical candidates that pass it). nil: lexical only.
	Semantic *Semantic
}

// Hit is one matching document.
type Hit struct {
	// ID is the Doc.ID of the match.
	ID string
	// Score is the relevance, higher is better: per query term the BM25
	// score of its best field plus 0.3 times the others', summed over
	// terms, times the fraction of query terms matched (see the package
	// documentation; the lead factor and a named service's lift raise
	// some of the best). bleve divides it by the norm of the query's clause
	// weights, so different queries give similar ranges (top hits mostly
	// 0.5-3 on the shared corpus), but it is only strictly comparable
	// between hits of the same query.
	Score float64
	// Matched maps a field ("name", "description", "tags", "body") to the
	// query terms found there, in analysed form: lower-cased and stemmed
	// ("testing" -> "test"). For a misspelt query word it holds the indexed
	// word it was corrected to; expansion terms matched are listed too (the
	// concept thesaurus's, and for a query the first search was unsure of,
	// feedback and co-occurrence terms: see the package documentation);
	// for an exact whole-name match, "name" holds
	// the normalised name (e.g. "skill-creator"). "body" lists only terms
	// that were searched in bodies (those in at most 5% of them). Never
	// nil for a hit.
	Matched map[string][]string
	// Confidence estimates, in [0, 1], that this hit is a good match for
	// the query: a logistic function of how much of the query the hit
	// covers (each term weighted by its IDF, terms found in no skill
	// included) and of its Score, fitted on the judged queries of
	// search/testdata (see confidence.go). Unlike Score it is comparable
	// across queries. In a hybrid search (Request.Semantic) it also weighs
	// how near the hit is by meaning and how far it leads the fused
	// ranking, and a hit no query word matched gets it too (see
	// hybridconf.go). It never exceeds the Confidence of the hit ranked
	// above (see rankedConfidence), so it reads in rank order.
	Confidence float64
	// Similarity is the hit's cosine similarity to the query's embedding
	// in a hybrid search (Request.Semantic), in [-1, 1]; 0 in a lexical
	// search or for a skill without a vector.
	Similarity float64

	feat hitFeatures // what Confidence was computed from, for calibration tests
	// hyb is what a hybrid search's Confidence was computed from (zero in
	// a lexical search), for calibration tests.
	hyb hybridFeatures
}

// Result is one page of hits.
type Result struct {
	// Hits are ordered by descending Score; at most Request.Limit of them.
	Hits []Hit
	// Total is the number of documents matching the query (with Score >=
	// Request.MinScore when that is set), independent of Limit and Offset.
	Total uint64
	// NoGoodMatch is true when the catalog likely holds no skill for the
	// query: the answerability estimate of its best hit (over the whole
	// result, not only this page; see fits in confidence.go) is below its
	// cut, or nothing matched. Hits are still returned; none of them is a
	// confident match then, whatever its Confidence (front-ends call
	// none "good").
	NoGoodMatch bool
}

// minHits is the fewest hits a search fetches, whatever the page size:
// Confidence's margin compares the best hit with the next one.
const minHits = 2

// maxTerms is the number of distinct analysed query terms used; words
// beyond it are ignored (a query is a short description, not a document).
const maxTerms = 32

// bodyMinDF keeps body clauses for terms in up to this many bodies even in
// small catalogs where bodyMaxDocFrac*docs is below it.
const bodyMinDF = 5

// clause describes one disjunct of the query, so a per-clause score can
// be traced back to a field and a query term.
type clause struct {
	field string // reported field
	text  string // term reported in Matched
	term  int    // index into the query's terms; -1 for the exact-name clause
}

// plan is an analysed query: the engine's query plus what each clause means.
type plan struct {
	terms        []string  // distinct analysed query terms
	idf          []float64 // BM25 IDF of each term over the fields it is searched in (see termIDF)
	weights      []float64 // weight of each term in the coverage fraction
	totalWeight  float64
	clauses      []clause     // what each clause of q means, indexed alike
	q            engine.Query // the clauses executed; q.SqWeight: see Query.SqWeight
	metaDF       []uint64     // per term, its largest document frequency over name, description and tags
	bodyDF       []uint64     // per term, its document frequency in bodies; nil when bodies are not searched
	fb           uint64       // bit i: terms[i] is a feedback term
	docs         uint64       // documents in the index when planned
	unknownWords uint64       // bit i: terms[i] is an English word no document holds in any field (hitFeatures.unknownWords)
	unknownName  bool         // the query names something no document holds (hitFeatures.unknownName)
	unknownHost  bool         // ... as the program a script or plugin is asked for (hitFeatures.unknownHost)
	rare         []bool       // per term, it weighs as a rare name (markRare); nil until one does
	plainWeights []float64    // per term, its coverage weight before markRare; nil until a term is rare
	rareOut      bool         // rare names weigh tuning.rareOutName outside the names holding them
	foreign      bool         // the query is written in another language than English (foreignStops)
}

// markRare multiplies term ti's weight in the coverage fraction by factor,
// once: the rules that find a rare name (rareNames, rareCorrection,
// gluedNames, namePhrases) may find one term twice.
func (p *plan) markRare(ti int, factor float64) {
	if p.rare == nil {
		p.rare = make([]bool, len(p.terms))
		p.plainWeights = make([]float64, len(p.terms))
	}
	if p.rare[ti] {
		return
	}
	p.rare[ti] = true
	p.plainWeights[ti] = p.weights[ti]
	p.totalWeight += p.weights[ti] * (factor - 1)
	p.weights[ti] *= factor
}

// Search runs req and returns one page of hits, best first.
//
// Ranking: see the package documentation. Errors: ErrQueryTooLong (wrapped,
// naming sizes, never echoing the text) for a query over MaxQueryBytes or
// MaxQueryWords or keywords over MaxKeywords or MaxKeywordBytes;
// ErrEmptyQuery for a query without letters or digits; ErrBudget when the
// search runs past its time budget (30 s); ctx's error if it is cancelled;
// an error for a negative Limit or Offset, ErrWindowTooLarge when Limit +
// Offset is over MaxWindow, and an error for a closed Index. A query whose words are all
// stop words ("the", "and") yields an empty Result, not an error.
func (ix *Index) Search(ctx context.Context, req Request) (*Result, error) {
	if err := checkLimits(&req); err != nil {
		return nil, err
	}
	if !hasWord(req.Query) {
		return nil, ErrEmptyQuery
	}
	parent := ctx
	ctx, cancel := budget(ctx)
	defer cancel()
	res, err := ix.search(ctx, req)
	if err != nil {
		return nil, budgetErr(parent, ctx, err)
	}
	return res, nil
}

// search is Search after the request checks, under the time budget.
func (ix *Index) search(ctx context.Context, req Request) (*Result, error) {
	if err := checkWindow(&req); err != nil {
		return nil, err
	}
	limit := req.Limit
	if limit == 0 {
		limit = 10
	}
	r, err := ix.e.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()

	p, err := ix.plan(ctx, r, req.Query, req.Keywords)
	if err != nil {
		return nil, err
	}
	if p == nil {
		// No word of the query is searchable; the semantic side may
		// still find the skill.
		return ix.collect(ctx, r, nil, req, limit+req.Offset, &engine.Result{})
	}
	tune := ix.tune
	want := limit + req.Offset
	nameFirst := p.rare != nil && tune.rareOutName > 0
	if (tune.feedback <= 0 || tune.fbDocs <= 0) && !nameFirst {
		return ix.collect(ctx, r, p, req, want, nil)
	}
	// Feedback: the first search also serves as the answer when the query
	// is not expanded.
	res, err := ix.run(ctx, r, p, max(ix.depth(req, want), tune.fbDocs), ix.lexicalMin(req))
	if err != nil {
		return nil, err
	}
	conf := 0.0 // the first search's best hit's Confidence
	if len(res.Hits) > 0 {
		conf = p.hitFeatures(res.Hits, 0, &tune, nil).confidence()
	}
	if nameFirst && len(res.Hits) > 0 && (tune.rareOutConf <= 0 || tune.rareOutConf > 1 || conf < tune.rareOutConf) {
		// A query the words alone do not answer with confidence, naming
		// a service: the skills named after it come first (rareOutName).
		p.rareOut = true
	}
	answer := res // the first search's hits, unless p.rareOut rescored them
	if p.rareOut {
		answer = nil
	}
	if tune.feedback <= 0 || tune.fbDocs <= 0 {
		return ix.collect(ctx, r, p, req, want, answer)
	}
	var fb []fbTerm
	// Selective expansion: only a query the first search does not answer
	// with confidence (or at all) is expanded.
	if len(res.Hits) == 0 || tune.fbMaxConf <= 0 || tune.fbMaxConf > 1 || conf < tune.fbMaxConf {
		n := min(len(res.Hits), tune.fbDocs)
		ids := make([]string, n)
		scores := make([]float64, n)
		for i, h := range res.Hits[:n] {
			ids[i], scores[i] = h.ID, h.Score
		}
		if fb, err = ix.feedbackTerms(ctx, r, p, ids, scores); err != nil {
			return nil, err
		}
		co, err := ix.coTerms(ctx, r, p)
		if err != nil {
			return nil, err
		}
		for _, c := range co {
			if !slices.ContainsFunc(fb, func(f fbTerm) bool { return f.text == c.text }) {
				fb = append(fb, c)
			}
		}
	}
	if len(fb) == 0 {
		return ix.collect(ctx, r, p, req, want, answer)
	}
	if p, err = ix.extend(ctx, r, p, fb); err != nil {
		return nil, err
	}
	return ix.collect(ctx, r, p, req, want, nil)
}

// run executes plan p for the best limit hits, counting those scoring at
// least minScore (when above 0) in the returned result's total. Hits of
// equal score are ordered by ID, and a tie across the limit is settled
// by ID too: the engine orders them by document number, which follows
// the order a build happened to write the documents in, so two builds of
// one catalog (or a rebuild) would otherwise list, cut, and learn from
// (feedback) different skills of a tie.
func (ix *Index) run(ctx context.Context, r *engine.Reader, p *plan, limit int, minScore float64) (*engine.Result, error) {
	tune := ix.tune
	// A document matching only feedback terms scores 0 (they count for
	// no coverage): it is not a hit of the query, so Total leaves it out.
	counting := minScore > 0 || p.fb != 0
	p.q.KeepNorm = p.fb != 0
	p.q.BleveStats = tune.nativeStats
	sc := &planScorer{p: p, tune: &tune}
	fetch := limit + 1
	for {
		res, err := r.Execute(ctx, &p.q, sc, p.docs, fetch, counting, minScore)
		if err != nil {
			return nil, err
		}
		hs := res.Hits
		if len(hs) > limit && hs[len(hs)-1].Score == hs[limit-1].Score && len(hs) == fetch && fetch < MaxWindow {
			fetch = min(2*fetch, MaxWindow) // the tie goes on past what was fetched
			continue
		}
		slices.SortStableFunc(hs, func(a, b engine.Hit) int {
			if c := cmp.Compare(b.Score, a.Score); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		if len(hs) > limit {
			res.Hits = hs[:limit]
		}
		return res, nil
	}
}

// collect builds the Result of req from res, p's search for the best want
// (limit + offset) hits, running it when res is nil. p is nil when no
// word of the query is searchable (res then holds no hits).
func (ix *Index) collect(ctx context.Context, r *engine.Reader, p *plan, req Request, want int, res *engine.Result) (*Result, error) {
	// Hits before Offset are fetched too (bleve's collector ranks them
	// anyway): NoGoodMatch is about the best hits, not this page's.
	if res == nil {
		var err error
		if res, err = ix.run(ctx, r, p, ix.depth(req, want), ix.lexicalMin(req)); err != nil {
			return nil, err
		}
	}
	var reversed map[string]bool // hits converting the other way (direction.go)
	if d := ix.tune.direction; d > 0 && d < 1 {
		if c, ok := parseConversion(r, req.Query); ok {
			var err error
			if reversed, err = orient(r, c, res.Hits, &ix.tune); err != nil {
				return nil, err
			}
		}
	}
	var unled []float64 // the best hits' scores before the lead factor
	if p != nil {
		var err error
		if unled, err = p.leadBoost(r, res.Hits, &ix.tune, reversed); err != nil {
			return nil, err
		}
	}
	var origHits []engine.Hit // the hits before nameFirst moved any
	var origUnled []float64
	if p != nil {
		origHits, origUnled = p.nameFirst(res.Hits, unled, &ix.tune)
	}
	if rankTap != nil && p != nil {
		rankTap(p, res.Hits)
	}
	if ix.hybrid(req) {
		return ix.fuse(p, req, want, res), nil
	}
	// Hits beyond want were fetched for Confidence's margin only.
	qs := p.queryScores(res.Hits, &ix.tune)
	if p != nil && p.fb == 0 {
		// Confidence reads the query's own words, not the lead factor.
		copy(qs, unled)
	}
	out := &Result{Hits: make([]Hit, 0, min(len(res.Hits), want)), Total: res.Total, NoGoodMatch: true}
	best, above := true, 1.0
	for i, h := range res.Hits[:min(len(res.Hits), want)] {
		if h.Score < req.MinScore || (p.fb != 0 && h.Score <= 0) {
			continue
		}
		ft := p.hitFeatures(res.Hits, i, &ix.tune, qs)
		// Hits before Offset count for the order too: page 2 goes on
		// from page 1.
		c := rankedConfidence(ft.confidence(), above)
		above = c
		if best {
			out.NoGoodMatch, best = ft.fits() < fitsCut, false
			if origHits != nil {
				oqs := p.queryScores(origHits, &ix.tune)
				if p.fb == 0 {
					copy(oqs, origUnled)
				}
				out.NoGoodMatch = p.hitFeatures(origHits, 0, &ix.tune, oqs).fits() < fitsCut
			}
		}
		if i >= req.Offset {
			out.Hits = append(out.Hits, Hit{ID: h.ID, Score: h.Score, Matched: p.matched(h.Scores), Confidence: c, feat: ft})
		}
	}
	return out, nil
}

// rankTap, when set (by development tests only), sees each search's final
// plan and ranked lexical hits.
var rankTap func(p *plan, hits []engine.Hit)

// hasWord reports whether s contains a letter or a digit.
func hasWord(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// scoreOf combines a document's per-clause scores (scores[i]: clause i's
// BM25 score, 0 when it did not match; matched: the indices of the
// clauses that matched, ascending, or nil to look at all of them): per
// query term, the best clause plus tie times the others; summed over terms
// with the exact-name clause; times coverage^exp, coverage being the
// weighted fraction of query terms matched (1 when the whole query equals
// the name). Terms whose bit is set in skip are left out. Clauses are
// visited in index order so equal documents get bit-identical scores.
func (p *plan) scoreOf(scores []float64, matched []int, tune *tuning, skip uint64) float64 {
	var sum float64
	var seen uint64 // bit i: terms[i] matched (len(terms) <= maxTerms)
	exact := false
	var best, rest [maxTerms]float64
	var bestBody, metaSeen uint64 // bit i: terms[i]'s best clause is the body; matched in metadata
	var nameSeen uint64           // bit i: terms[i] matched in the name
	n := len(matched)
	if matched == nil {
		n = len(scores)
	}
	for k := 0; k < n; k++ {
		i := k
		if matched != nil {
			i = matched[k]
		}
		s := scores[i]
		if s == 0 {
			continue
		}
		c := &p.clauses[i]
		if c.term >= 0 && skip&(1<<uint(c.term)) != 0 {
			continue
		}
		if c.term < 0 {
			exact = true
			sum += s
			continue
		}
		seen |= 1 << uint(c.term)
		if c.field != engine.FieldBody {
			metaSeen |= 1 << uint(c.term)
		}
		if c.field == engine.FieldName {
			nameSeen |= 1 << uint(c.term)
		}
		if s > best[c.term] {
			rest[c.term] += best[c.term]
			best[c.term] = s
			if c.field == engine.FieldBody {
				bestBody |= 1 << uint(c.term)
			} else {
				bestBody &^= 1 << uint(c.term)
			}
		} else {
			rest[c.term] += s
		}
	}
	bodyOnly := bestBody &^ metaSeen &^ p.fb
	bonus := tune.bodyBonus(bits.OnesCount64(bodyOnly))
	for i := range p.terms {
		t := best[i] + tune.tie*rest[i]
		if bodyOnly&(1<<uint(i)) != 0 {
			t *= bonus
		}
		sum += t
	}
	if exact || p.totalWeight == 0 || tune.coverageExp == 0 {
		return sum
	}
	var w float64
	for seen != 0 {
		i := bits.TrailingZeros64(seen)
		if p.rareOut && i < len(p.rare) && p.rare[i] && nameSeen&(1<<uint(i)) == 0 {
			// The hit holds the name but is not named after it
			// (tuning.rareOutName).
			w += p.plainWeights[i] * tune.rareOutName
		} else {
			w += p.weights[i]
		}
		seen &^= 1 << uint(i)
	}
	return sum * tune.coverage(w/p.totalWeight)
}

// queryScore is the score of a hit (per-clause scores) without the
// feedback terms: what the hit scores on the words of the request alone
// (Confidence is computed from it).
func (p *plan) queryScore(scores []float64, tune *tuning) float64 {
	return p.scoreOf(scores, nil, tune, p.fb)
}

// matched turns a hit's per-clause scores into Hit.Matched.
func (p *plan) matched(scores []float64) map[string][]string {
	m := make(map[string][]string, 4)
	for i, s := range scores {
		if s == 0 {
			continue
		}
		c := p.clauses[i]
		if !contains(m[c.field], c.text) {
			m[c.field] = append(m[c.field], c.text)
		}
	}
	return m
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// plan analyses the query and builds the disjunction. It returns nil when
// no term survives analysis (only stop words).
func (ix *Index) plan(ctx context.Context, r *engine.Reader, text string, keywords []string) (*plan, error) {
	tune := ix.tune
	if tune.negatedNames {
		text = dropNegatedNames(text)
	}
	if tune.splitJoined {
		var err error
		if text, err = splitJoined(ctx, r, text, &tune); err != nil {
			return nil, err
		}
	}
	terms, err := r.Analyze(engine.Text, text)
	if err != nil {
		return nil, err
	}
	terms = dedupe(terms)
	if tune.framing {
		terms = ix.dropFraming(r, terms)
	}
	if tune.foreign {
		terms = dropForeignStops(r, text, terms)
	}
	if len(terms) > maxTerms {
		terms = terms[:maxTerms]
	}
	// Keywords are fused as extra terms, after the query's own.
	nQuery := len(terms)
	if len(keywords) > 0 && tune.keywords > 0 {
		kw, err := r.Analyze(engine.Text, strings.Join(keywords, " "))
		if err != nil {
			return nil, err
		}
		for _, k := range kw {
			if len(terms) == maxTerms {
				break
			}
			if !contains(terms, k) {
				terms = append(terms, k)
			}
		}
	}
	key := engine.NormalizeName(text)
	if len(terms) == 0 && key == "" {
		return nil, nil
	}

	docs, err := r.DocCount()
	if err != nil {
		return nil, err
	}

	p := &plan{terms: terms, docs: docs}
	// add adds a clause for term in field unless no document has it there
	// (the engine would open a postings iterator for nothing), and returns the document
	// frequency.
	// addN is add with the document frequency n already known.
	addN := func(field, term string, ti int, boost float64, n uint64) {
		if n == 0 || boost <= 0 {
			return
		}
		if field == engine.FieldBody && float64(n) > max(tune.bodyMaxDocFrac*float64(docs), bodyMinDF) {
			return
		}
		p.q.Clauses = append(p.q.Clauses, engine.Clause{Field: field, Term: term, Boost: boost})
		reported := field
		if field == engine.FieldNameKey {
			reported = engine.FieldName
		}
		p.clauses = append(p.clauses, clause{field: reported, text: term, term: ti})
	}
	add := func(field, term string, ti int, boost float64) (uint64, error) {
		n, err := r.DocFreq(ctx, field, term)
		if err == nil {
			addN(field, term, ti, boost, n)
		}
		return n, err
	}
	meta := []fieldWeight{{engine.FieldName, tune.name}, {engine.FieldDescription, tune.description}, {engine.FieldTags, tune.tags}}

	if key != "" && tune.exactName > 0 {
		if _, err := add(engine.FieldNameKey, key, -1, tune.exactName); err != nil {
			return nil, err
		}
	}

	unknown := make([]bool, len(terms))
	var nowhere uint64 // bit i: terms[i] is in no field of any document
	p.weights = make([]float64, len(terms))
	p.idf = make([]float64, len(terms))
	p.metaDF = make([]uint64, len(terms))
	if tune.body > 0 {
		p.bodyDF = make([]uint64, len(terms))
	}
	var rare []int // terms that may name one tool or service (tuning.rareName)
	// terms rare in names, descriptions and tags but not in bodies: a name
	// only when written as one (tuning.rareProperBody)
	var properOnly []int
	tw := termWeights(terms, &tune)
	for i := nQuery; i < len(terms); i++ {
		tw[i] *= tune.keywords
	}
	for ti, t := range terms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var df [4]uint64 // name, description, tags, body
		var maxDF uint64
		for i, f := range append(meta, fieldWeight{engine.FieldBody, tune.body}) {
			if f.w <= 0 {
				continue
			}
			if df[i], err = r.DocFreq(ctx, f.field, t); err != nil {
				return nil, err
			}
			maxDF = max(maxDF, df[i])
		}
		unknown[ti] = df[0] == 0 && df[1] == 0 && df[2] == 0
		if maxDF == 0 {
			nowhere |= 1 << uint(ti)
		}
		p.metaDF[ti] = max(df[0], df[1], df[2])
		if p.bodyDF != nil {
			p.bodyDF[ti] = df[3]
		}
		for i, f := range meta {
			boost := f.w * tw[ti]
			if f.field == engine.FieldName {
				boost *= nameIDFFactor(docs, df, &tune)
			}
			addN(f.field, t, ti, boost, df[i])
		}
		addN(engine.FieldBody, t, ti, tune.body*tw[ti], df[3])
		p.idf[ti] = bm25IDF(docs, maxDF) * tw[ti]
		p.weights[ti] = tw[ti]
		if tune.rareName > 0 && df[0] > 0 && df[0] <= tune.rareNameMaxDF && maxDF <= tune.rareNameMaxDocs {
			rare = append(rare, ti)
		} else if tune.rareName > 0 && tune.rareProperBody && df[0] > 0 && df[0] <= tune.rareNameMaxDF &&
			max(df[0], df[1], df[2]) <= tune.rareNameMaxDocs {
			properOnly = append(properOnly, ti)
		}
		if tune.coverageIDF {
			p.weights[ti] = p.idf[ti]
		} else if tune.coverageIDFExp > 0 {
			p.weights[ti] = tw[ti] * math.Pow(bm25IDF(docs, maxDF), tune.coverageIDFExp)
		}
		p.totalWeight += p.weights[ti]
	}

	// The query's words as typed, worked out once for the rules below.
	typed := &typedWords{r: r, text: text, terms: terms}
	p.foreign = foreignStops(text) != nil
	if err := rareNames(text, typed, rare, properOnly, p, &tune); err != nil {
		return nil, err
	}
	if tune.namePhrase > 0 && tune.rareName > 0 {
		if err := namePhrases(r, text, typed, p, &tune); err != nil {
			return nil, err
		}
	}
	if tune.keywordLead && tune.namePhrase > 0 && tune.rareName > 0 {
		if err := keywordLeadName(ctx, r, text, typed, p, &tune); err != nil {
			return nil, err
		}
	}
	if tune.joinedName && tune.rareName > 0 {
		if err := joinedNames(ctx, r, text, terms, p, meta, add, &tune); err != nil {
			return nil, err
		}
	}
	if tune.gluedSnake && tune.exactName > 0 {
		if err := snakeNames(r, text, add, &tune); err != nil {
			return nil, err
		}
	}
	if tune.gluedName > 0 && tune.rareName > 0 && slices.Contains(unknown, true) {
		if err := gluedNames(ctx, r, text, typed, unknown, p, meta, add, &tune); err != nil {
			return nil, err
		}
	}

	if tune.concept > 0 {
		for _, e := range ix.expandConcepts(r, text, terms[:nQuery]) {
			for _, f := range append(meta, fieldWeight{engine.FieldBody, tune.body}) {
				w := f.w * tune.concept
				if f.field == engine.FieldName {
					w *= tune.conceptName
				}
				if _, err := add(f.field, e.text, e.term, w); err != nil {
					return nil, err
				}
			}
		}
	}
	// The words as typed of the terms no name, description or tags hold
	// (nowhere's among them): some may be English words or names the
	// catalog lacks (fits: markUnknown) or typos.
	var words []queryWord
	if slices.Contains(unknown, true) {
		if words, err = typed.get(); err != nil {
			return nil, err
		}
	}
	if tune.fuzzy > 0 {
		if err := ix.addCorrections(ctx, r, p, words, unknown, meta, add); err != nil {
			return nil, err
		}
	}
	p.markUnknown(text, words, nowhere, nQuery, tune.digitName, tune.unknownHost)
	if len(p.q.Clauses) == 0 {
		return nil, nil
	}
	return p, nil
}

// queryWord is a distinct word of the query as typed (lower-cased, not
// stemmed) and the index in the plan's terms of its analysed form.
type queryWord struct {
	word string
	term int
}

// typedWords is queryWords of a plan's text and terms, computed on the
// first get: the rare-name rules and markUnknown each ask for them.
type typedWords struct {
	r     *engine.Reader
	text  string
	terms []string
	words []queryWord
	err   error
	done  bool
}

// get returns queryWords(t.r, t.text, t.terms), computing it once.
func (t *typedWords) get() ([]queryWord, error) {
	if !t.done {
		t.words, t.err = queryWords(t.r, t.text, t.terms)
		t.done = true
	}
	return t.words, t.err
}

// queryWords returns the words of text whose analysed form is one of
// terms, in order, each once; a word that analyses to no term or to
// several (a stop word, a CJK run) is left out.
func queryWords(r *engine.Reader, text string, terms []string) ([]queryWord, error) {
	plain, err := r.Analyze(engine.Plain, text)
	if err != nil {
		return nil, err
	}
	var out []queryWord
	for _, w := range dedupe(plain) {
		stem, err := r.Analyze(engine.Text, w)
		if err != nil {
			return nil, err
		}
		if len(stem) != 1 {
			continue
		}
		if ti := indexOf(terms, stem[0]); ti >= 0 {
			out = append(out, queryWord{w, ti})
		}
	}
	return out, nil
}

func allLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) || unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}

func dedupe(ss []string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if !contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}
