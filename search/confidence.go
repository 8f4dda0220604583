package search

import (
	"github.com/skilldex/skilldex/search/internal/engine"

	"math"
	"math/bits"
)

// Confidence: how sure a hit is a good match, comparable across queries.
//
// A BM25 score is not: long (agent-style) queries score low, and a query
// nothing fits still gets hits, often with scores as high as good answers
// (a word like "fix" or "pattern" matches some skill). What separates them
// is how much of the query the hit explains, and whether it stands out from
// the hits after it. Each query term is weighted by its IDF over the catalog
// (a word found in no skill, like "faucet" or "sourdough", weighs the most),
// and Confidence is a logistic function of
//
//	cov      the IDF-weighted share of query terms the hit matches in any field,
//	metaCov  the same share counting only name, description and tags,
//	nameCov  the same share counting only the name,
//	ln score the natural log of the hit's score on the query's own words,
//	margin   ln(score / the next lower hit's score), capped at confMarginCap,
//	         half the cap when no hit scores lower (at least two hits are always
//	         searched for, so a page of one hit has the same): a hit well
//	         ahead of the rest is more often right than one of a cluster of
//	         near-equals (a family of sibling skills that each do part of a
//	         task, or several skills matching the task's object but not its
//	         operation),
//
// with the coefficients below, fitted by L2-regularised logistic regression
// on the top hits of the development sets (search/testdata: hard-queries.tsv,
// dev-symptom.tsv and queries.tsv, and the corpus's QUERIES.tsv; 240 queries
// with hits: label 1 when the top hit is an expected skill, 0 when it is not
// or nothing fits). The held-out sets (heldout-*.tsv) are not fitted on;
// docs/search-quality.md holds their reliability tables. TestConfidenceFit
// (SKILLDEX_FIT=1) refits them on every development set and prints
// out-of-fold rates per cut; measure a refit on every set, held-out ones
// included, before taking it.
//
// The model scores each hit alone, on the query's own words; the ranking
// weighs more (feedback, expansion, direction), so a hit may be estimated
// likelier right than the hit ranked above it. What a hit is shown with
// is capped at the Confidence of the hit above (rankedConfidence): the
// ranking, not the estimate, decides which hit is the answer.

// rankedConfidence is the Confidence shown for a hit whose model estimate
// is c, ranked below a hit shown with above (1 for the first hit): c, but
// no more than above. The model reads a hit's score on the query's own
// words, and feedback, co-occurrence expansion and the direction
// re-ranking order hits by more than those words, so a hit the ranking put
// second could otherwise read as likelier right than the first. On the
// development sets the ranking is the better judge of the two: where the
// second hit's estimate beat the first's, the first was right more often
// (re-ranking the first three hits by estimate lost hits at 1 and MRR
// over the sets together), and capping each estimate at the one above
// calibrates ranks 1-3 better than the raw estimates, than raising a hit
// to the one below it, pooling the two, or taking the margin against the
// next hit by rank, and as well as that margin with the cap
// (TestConfidenceOrder, SKILLDEX_FIT=1). The same holds of the hybrid
// model in a hybrid search (TestHybridConfidenceOrder), which is capped
// alike. The first hit's
// Confidence, and with it NoGoodMatch and the reliability of first hits,
// is the model's own.
func rankedConfidence(c, above float64) float64 {
	return min(c, above)
}

// ConfidentMatch is the Confidence at or above which a hit counts as a
// confident match (what front-ends call a good one). It is the highest cut
// that flagged at most 4% of the correct first answers of the development
// sets the coefficients were fitted on, in sample. Result.NoGoodMatch is
// not this cut: it asks whether the catalog fits the query at all (see
// fits).
const ConfidentMatch = 0.24

// Fitted logistic coefficients (see above).
const (
	confBias    = -1.774
	confCov     = 0.732
	confMetaCov = 0.907
	confLnScore = 1.237
	confMargin  = 1.170
	confNameCov = 0.518
	// confMarginCap bounds the margin feature: beyond e times the next
	// hit's score, a bigger lead says nothing more.
	confMarginCap = 1.0
)

// hitFeatures are the inputs of confidence for one hit.
type hitFeatures struct {
	cov, metaCov float64 // IDF-weighted share of query terms matched (any field; metadata only)
	score        float64 // Hit.Score
	nameCov      float64 // the same share counting only the name
	terms        int     // query terms (not expansions)
	// next is the query score of the hit ranked after this one (0 when
	// none): set by the caller, for the margin.
	next float64
	// unknownWords is the IDF-weighted share of query terms that are
	// English words (data/english-words.txt) no skill of the catalog
	// uses in any field, body included (see fits).
	unknownWords float64
	// unknownName: the query names something no skill of the catalog
	// mentions in any field (see plan.markUnknown and fits).
	unknownName bool
	// unknownHost: the query asks for a script, plugin or the like for
	// a program no skill of the catalog mentions (see hostArtifact).
	unknownHost bool
	docs        uint64 // skills in the catalog
}

// confidence maps features to [0, 1].
func (f hitFeatures) confidence() float64 {
	in := f.inputs()
	z := confBias + confCov*in[0] + confMetaCov*in[1] + confNameCov*in[2] +
		confLnScore*in[3] + confMargin*in[4]
	return 1 / (1 + math.Exp(-z))
}

// inputs are the logistic model's inputs, in the order cov, metaCov,
// nameCov, ln score, margin (the fit in fit_test.go uses the same).
func (f hitFeatures) inputs() [5]float64 {
	ln := math.Log(max(f.score, 1e-3))
	// A hit with nothing below it stands out from nothing: half the cap,
	// between "one of several" and "well ahead of the rest" (the fitted
	// sets have no such hit, so the value is a choice, not a fit).
	margin := confMarginCap / 2
	if f.next > 0 {
		margin = min(math.Log(max(f.score, 1e-3)/max(f.next, 1e-3)), confMarginCap)
	}
	return [5]float64{f.cov, f.metaCov, f.nameCov, ln, margin}
}

// hitFeatures computes the features of hits[i] on the query's own words
// (feedback clauses left out). The margin compares it with
// the best of hits scoring lower on those words (not the next by rank, so
// feedback, which reorders hits, leaves Confidence alone); copies of one
// skill (a plugin vendored twice) tie and say nothing, so equal scores are
// skipped. qs caches the hits' query scores (nil: computed here).
func (p *plan) hitFeatures(hits []engine.Hit, i int, tune *tuning, qs []float64) hitFeatures {
	if qs == nil {
		qs = p.queryScores(hits, tune)
	}
	f := p.features(hits[i].Scores, qs[i])
	for _, s := range qs {
		if s < f.score*(1-1e-9) && s > f.next {
			f.next = s
		}
	}
	return f
}

// queryScores returns each hit's score on the query's own words.
func (p *plan) queryScores(hits []engine.Hit, tune *tuning) []float64 {
	qs := make([]float64, len(hits))
	for i := range hits {
		if p.fb != 0 {
			qs[i] = p.queryScore(hits[i].Scores, tune)
		} else {
			qs[i] = hits[i].Score
		}
	}
	return qs
}

// bm25IDF is BM25's inverse document frequency of a term found in df of
// docs documents: ln(1 + (docs - df + 0.5) / (df + 0.5)).
func bm25IDF(docs, df uint64) float64 {
	return math.Log(1 + (float64(docs)-float64(df)+0.5)/(float64(df)+0.5))
}

// features computes a hit's hitFeatures from its per-clause scores. An
// exact whole-name match covers the whole query.
func (p *plan) features(scores []float64, score float64) hitFeatures {
	var any, meta, name uint64
	exact := false
	for i, s := range scores {
		if s == 0 {
			continue
		}
		c := p.clauses[i]
		if c.term < 0 {
			exact = true
			continue
		}
		any |= 1 << uint(c.term)
		if c.field != engine.FieldBody {
			meta |= 1 << uint(c.term)
		}
		if c.field == engine.FieldName {
			name |= 1 << uint(c.term)
		}
	}
	f := hitFeatures{score: score, terms: len(p.terms) - bits.OnesCount64(p.fb), docs: p.docs, unknownName: p.unknownName, unknownHost: p.unknownHost}
	if exact {
		f.cov, f.metaCov, f.nameCov = 1, 1, 1
		return f
	}
	var total float64
	for _, w := range p.idf {
		total += w
	}
	if total == 0 {
		return f
	}
	f.cov = p.idfShare(any) / total
	f.metaCov = p.idfShare(meta) / total
	f.nameCov = p.idfShare(name) / total
	f.unknownWords = p.idfShare(p.unknownWords&^p.fb) / total
	return f
}

// idfShare sums the IDF of the terms whose bit is set in mask.
func (p *plan) idfShare(mask uint64) float64 {
	var w float64
	for mask != 0 {
		i := bits.TrailingZeros64(mask)
		w += p.idf[i]
		mask &^= 1 << uint(i)
	}
	return w
}

// Whether the catalog fits the query at all: Result.NoGoodMatch.
//
// Confidence asks whether a hit is right; a query nothing in the catalog
// fits ("plant tomatoes in a cold climate") is a different question, and
// Confidence's fit mixes it with answerable queries whose first hit is
// wrong. fits is a second logistic function of the best hit's features,
// fitted on none-queries (0) against every answerable query (1) of the
// development sets, with three more inputs:
//
//	unknownWords the share of the query made of real English words no
//	             skill uses anywhere ("tomatoes", "bicycle"). A misspelt
//	             word is not English and a foreign query's words are not
//	             either, so typos and other languages, which also leave
//	             words unknown, do not count. Words only bodies use do not
//	             count either: a specific word some skill's body explains
//	             says the catalog knows the subject, and is often the very
//	             word a right answer was found by.
//	ln terms     the natural log of the number of query terms
//	             (Request.Keywords' included, feedback's not). The score
//	             (and so ln score) falls as a query grows: it is divided
//	             by the norm of the query's clause weights and scaled by
//	             coverage, and a long task description is covered in part
//	             even by its right skill. Without it a long answerable
//	             query reads like a short one nothing fits.
//	unknownName  1 when the query names something the catalog never
//	             mentions: a word of plain letters a to z, not English, in
//	             no field of any skill (body included), that typo
//	             correction and the thesaurus found no catalog word for,
//	             in a query more than a third of whose words are English
//	             and which is not written in another language
//	             (foreignStops): a language, tool or product the catalog
//	             does not know ("Verilog", "Roblox", "AutoHotkey"; with
//	             tuning.digitName also a word of such letters with digits
//	             inside, "i3wm"). A
//	             near-domain request ("write a Verilog module") matches a
//	             generic skill on its verb and object, with the score of a
//	             right answer; what it is about is the word no skill holds.
//
// TestConfidenceFit refits it and prints its rates left out one set at a
// time.

// fitsCoef are the answerability model's coefficients (see above): the
// bias, then one per fitsInputs, fitted by TestConfidenceFit on the
// development sets searched in the corpus and in six of its repositories
// alone (80 to 860 skills), the latter weighted to the corpus's share of
// none-queries. fitsCut is the highest cut that flagged at most 3% of the
// corpus's correct first answers in sample.
var fitsCoef = [17]float64{-0.474, 0.853, 0.739, 0.304, 0.867, 0.072, -1.270, 1.329, -0.872, -0.039, -0.108, -0.077, -0.042, 0.054, 0.381, -0.165, 0.253}

const fitsCut = 0.87

// fitsMinDocs and fitsMaxDocs bound the catalog size fits reads: the
// range it was fitted on. A larger catalog is read as the corpus.
const (
	fitsMinDocs = 80
	fitsMaxDocs = 2000
)

// fitsInputs are the answerability model's inputs: Confidence's five
// (in, from inputs), unknownWords, ln terms and unknownName (0 or 1),
// then each of those eight times ln(skills / 1000), so that how much a
// word unknown to the catalog or a low coverage says depends on the
// catalog's size (a small catalog knows few words: an unknown one says
// less).
func (f hitFeatures) fitsInputs(in [5]float64) []float64 {
	x := make([]float64, 0, 16)
	x = append(x, in[:]...)
	name := 0.0
	if f.unknownName {
		name = 1
	}
	x = append(x, f.unknownWords, math.Log(float64(max(f.terms, 1))), name)
	l := math.Log(float64(min(max(f.docs, fitsMinDocs), fitsMaxDocs)) / 1000)
	for _, v := range x[:8] {
		x = append(x, v*l)
	}
	return x
}

// fits estimates, in [0, 1], that the catalog holds a skill for the query
// whose best hit has features f. A request for a script or plugin of a
// program the catalog never mentions (unknownHost) is 0: no skill can
// know that program's API, however well a generic one matches the rest
// of the request ("an Aseprite Lua script that exports sprite sheets").
func (f hitFeatures) fits() float64 {
	if f.unknownHost {
		return 0
	}
	z := fitsCoef[0]
	for i, v := range f.fitsInputs(f.inputs()) {
		z += fitsCoef[i+1] * v
	}
	return 1 / (1 + math.Exp(-z))
}

// markUnknown sets p.unknownWords, p.unknownName and, with host,
// p.unknownHost (see fits) from the
// query's words as typed (words: queryWords of text) and nowhere (bit i:
// terms[i] is in no field of any skill). Only the query's own terms
// count (those before nQuery, not keywords). It runs once corrections
// and expansions are planned: a word searched as some other catalog word
// is not unknown.
func (p *plan) markUnknown(text string, words []queryWord, nowhere uint64, nQuery int, digits, host bool) {
	var expanded uint64 // bit i: a clause searches terms[i] as another word
	for _, c := range p.clauses {
		if c.term >= 0 && c.text != p.terms[c.term] {
			expanded |= 1 << uint(c.term)
		}
	}
	english, name := 0, false
	var names []string // the words that make name true
	for _, w := range words {
		eng := isEnglish(w.word)
		if eng {
			english++
		}
		bit := uint64(1) << uint(w.term)
		if w.term >= nQuery || nowhere&bit == 0 {
			continue
		}
		if eng && allLetters(w.word) {
			p.unknownWords |= bit
		} else if !eng && (asciiLetters(w.word) || (digits && letterDigitName(w.word))) && expanded&bit == 0 {
			name = true
			names = append(names, w.word)
		}
	}
	p.unknownName = name && 3*english > len(words) && foreignStops(text) == nil
	p.unknownHost = host && p.unknownName && hostArtifact(text, names)
}

// letterDigitName reports whether s is letters a to z and digits, with a
// digit between letters and at least three letters ("i3wm", "i3blocks").
func letterDigitName(s string) bool {
	letters := 0
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			letters++
		case r >= '0' && r <= '9':
			if i == 0 || i == len(s)-1 {
				return false
			}
		default:
			return false
		}
	}
	return letters >= 3 && letters < len(s)
}

// asciiLetters reports whether s is non-empty and only letters a to z.
func asciiLetters(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return s != ""
}
