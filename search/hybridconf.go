package search

import "math"

// Confidence in a hybrid search (Request.Semantic).
//
// Confidence's coefficients (confidence.go) were fitted on the lexical
// ranking: they know nothing of how near a hit is by meaning, and a skill
// only the semantic side found has no lexical features at all. In a hybrid
// search every hit's Confidence is instead a logistic function of
//
//	the five inputs of Confidence (hitFeatures.inputs) on the hit's
//	         lexical side, all 0 for a hit only the semantic side found,
//	semOnly  1 for such a hit, 0 for one a query word matched,
//	z        its cosine's z-score over the catalog, (cosine - mean) / std,
//	         as fuse computes it (a hit without a vector keeps the lexical
//	         Confidence: these inputs assume a cosine),
//	margin   ln(fused score / the next lower fused score among the
//	         candidates), capped at confMarginCap, half the cap when none
//	         scores lower: as Confidence's margin, a hit well ahead of the
//	         fused ranking is more often right than one of a cluster,
//
// with hybridCoef. TestHybridConfidenceFit (SKILLDEX_FIT_HYBRID=1, which
// needs the test embedding model: see internal/embed/embedtest) refits
// them and prints their out-of-fold log loss and reliability; the
// lexical path never reads them.

// hybridCoef are the hybrid confidence's coefficients: the bias, then one
// per hybridFeatures.inputs. They were fitted on the development sets
// (allQueryFiles in dev_test.go; the held-out set is not fitted on)
// searched in the corpus with the Universal Sentence Encoder lite
// (tests/embedserver) embedding each skill's name and description, in two
// stages. First L2-regularised logistic regression on the first hits a
// query word matched: label 1 when the first hit is an expected skill, 0
// when it is not or nothing fits. Hardly any first hit is one only the
// semantic side found, so its input is then fitted alone, the others
// held, on every such hit of the first ten: they are seldom right, and
// only their z and margin tell them apart. A model the user names spreads
// its cosines differently, but z-scores are comparable across models (see
// fuse), which is why z is the input and not the cosine.
var hybridCoef = [hybridInputs + 1]float64{-1.504, 0.545, 0.484, 0.300, 1.025, 0.600, -5.908, 0.128, 1.092}

// hybridInputs is the number of inputs of the hybrid confidence.
const hybridInputs = 8

// hybridFeatures are the inputs of a hit's confidence in a hybrid search.
type hybridFeatures struct {
	// lex are the inputs of Confidence on the hit's lexical side
	// (hitFeatures.inputs); zeros when semOnly.
	lex     [5]float64
	semOnly bool
	// z is the hit's cosine z-score over the catalog.
	z float64
	// next is the fused score of the best candidate scoring lower than
	// this hit (0 when none), and score this hit's: for the margin.
	score, next float64
}

// inputs are the hybrid model's inputs in hybridCoef's order: the five
// lexical ones, semOnly, z, margin.
func (f hybridFeatures) inputs() [hybridInputs]float64 {
	var in [hybridInputs]float64
	copy(in[:5], f.lex[:])
	if f.semOnly {
		in[5] = 1
	}
	in[6] = f.z
	// As in hitFeatures.inputs: nothing below stands out from nothing.
	in[7] = confMarginCap / 2
	if f.next > 0 {
		in[7] = min(math.Log(max(f.score, 1e-3)/max(f.next, 1e-3)), confMarginCap)
	}
	return in
}

// confidence maps the features to [0, 1].
func (f hybridFeatures) confidence() float64 {
	z := hybridCoef[0]
	for i, v := range f.inputs() {
		z += hybridCoef[i+1] * v
	}
	return 1 / (1 + math.Exp(-z))
}
