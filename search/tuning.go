package search

import "math"

// tuning holds the ranking weights. defaultTuning is what Open installs;
// tests may change Index.tune before searching to compare variants.
type tuning struct {
	name, description, tags float64 // field weights (BM25 boosts)
	body                    float64 // body weight; 0 disables body search
	// bodyMaxDocFrac skips the body clause of a term found in more than
	// this fraction of bodies: such terms say little about a skill and
	// their long posting lists are most of the cost of body search.
	bodyMaxDocFrac float64
	exactName      float64 // boost of "whole query equals the name"
	fuzzy          float64 // multiplier applied to corrected (misspelt) terms
	fuzzyMinLen    int     // shortest query word (in runes) that is corrected
	fuzzyMaxTerms  int     // most frequent corrections kept per word
	// fuzzy2MinLen also corrects words of at least this many runes at edit
	// distance 2, at fuzzy2 times the fuzzy weight; 0: never.
	fuzzy2MinLen int
	fuzzy2       float64
	fuzzy2Prefix int // distance-2 corrections share this many first runes with the word
	// coverageExp is the exponent p in score *= coverage^p, coverage being
	// the fraction of query terms matched in any field.
	coverageExp float64
	// coverageIDF weights each term in the coverage fraction by its IDF
	// (rare terms count more) instead of 1.
	coverageIDF bool
	// coverageIDFExp, when coverageIDF is off, weights each term in the
	// coverage fraction by its IDF to this power (0: all terms alike, 1:
	// as coverageIDF).
	coverageIDFExp float64
	// tie scores each term by its best field plus tie times the others
	// (dis-max with a tie breaker): 0 = best field only, 1 = sum of fields.
	tie float64
	// framing drops the words an agent frames a task with ("the user
	// wants", "asks", "can", "one") from the query: they match the "Use
	// when the user wants..." boilerplate of thousands of descriptions.
	framing bool
	// foreign drops the stop words of a query written in Spanish,
	// French, German, Portuguese, Italian or Dutch (foreign.go).
	foreign bool
	// rareName multiplies a term's weight in the coverage fraction when
	// at most rareNameMaxDF skills have it in their name and no field has
	// it in more than rareNameMaxDocs documents: a word that names one
	// tool or service ("DocuSeal", "Claid") says which skill a long
	// request is about more than the task's common words do, and the
	// skill of a service whose text only names it would otherwise cover
	// one word in ten. 0 leaves weights alone.
	rareName        float64
	rareNameMaxDF   uint64
	rareNameMaxDocs uint64
	// rareNameProper lets a dictionary word count as a rare name when
	// the query writes it capitalised inside a sentence ("through
	// Tisane", "in Doppler"): a proper noun names the service even when
	// English has the word.
	rareNameProper bool
	// rareOutName, when above 0, is a rare name's weight in the coverage
	// of a hit whose name does not hold the word, as a multiple of its
	// plain weight (in place of rareName), when the first search's best
	// hit has a Confidence below rareOutConf (0 or above 1: always): the
	// query names a service ("imgix", "Project Bubble") and its task words
	// alone do not settle the answer, so the skill named after the service
	// is what it asks for more than a generic skill that mentions it
	// among others. A confident first answer is left alone: "speed up
	// slow Postgres queries" wants the query-tuning skill, not the one
	// named after Postgres.
	rareOutName float64
	rareOutConf float64
	// rareFirst, when set, puts the best hits named after a rare name
	// of the query (its own words, not expansions) ahead of the other
	// best hits (tuning.leadHits), keeping each group's order, when
	// rareOut applies and one rare name of the query is in those hits'
	// names: a long query naming a service ("... from Moz into a weekly
	// report") shares most of its words with a rival service's richer
	// description, and the name is what it asks for. A query whose best
	// hits carry two such names (Jira and Okta) is about a task across
	// them and keeps its order. On the development sets (session 26):
	// +16 hits@1 and +6 hits@3 of 3,013 answerable queries, none-queries
	// caught unchanged.
	rareFirst bool
	// rareNameTypo gives a misspelt word the rare-name weight when one of
	// its corrections at edit distance 1 is a rare name ("dopler" for the
	// Doppler connector): the typed word is no English word (typoEnglish),
	// so what it was meant to be is most likely the service's name.
	rareNameTypo bool
	// rareProperBody lets a word written as a name (rareNameProper) count
	// as a rare name when names, descriptions and tags hold it rarely
	// even though bodies hold it more often ("Magnetic", the agency tool,
	// is in science skills' text).
	rareProperBody bool
	// gluedName lets a word the query writes as a name ("Raven" in "In
	// Raven Tools, pull ...": capitalised inside a sentence) that no skill's name holds match the one name word it begins
	// ("ravenseotools"), when at most rareNameMaxDF names hold a word it
	// begins; the match counts as a rare name (rareName). Its clauses weigh
	// gluedName times the word's own. 0: off.
	gluedName float64
	// namePhrase lets two or more words written as a name ("In Async
	// Interview, list ...") weigh as a rare name when they begin at most
	// namePhrase skill names (namePhrases). 0: off.
	namePhrase int
	// gluedQuery lets a word written as a name that glues the words of
	// exactly namePhrase skill names' start ("BigDataCloud") search them
	// (gluedNames).
	gluedQuery bool
	// gluedLower lets an unknown word written in lower case glue the
	// words of exactly one skill name ("nanonets" for nano-nets;
	// gluedNames).
	gluedLower bool
	// gluedSnake lets an identifier written in snake case
	// ("composio_search") search the one skill name whose words it glues
	// (snakeNames).
	gluedSnake bool
	// digitName lets a word of letters with digits inside ("i3wm") that
	// no skill holds name something the catalog lacks, as a word of
	// letters alone does (fits' unknownName; letterDigitName).
	digitName bool
	// unknownHost makes a request for a script, plugin or the like of a
	// program no skill mentions ("an Aseprite Lua script") a query the
	// catalog does not fit (fits; hostArtifact).
	unknownHost bool
	// leadName lets a run of names that begins a sentence, its first
	// word with it ("Better Stack keeps paging us"), name the one skill
	// whose name it begins (leadRuns, namePhrases).
	leadName bool
	// joinedName finds services named in a form the catalog's names split
	// or glue differently ("Scrape.do", "D2L Brightspace"; joinedNames).
	joinedName bool
	// splitName lets a dotted service name glued ("Recall.ai") or
	// without its last label ("cloudlayer.io") name a skill (dottedName).
	splitName bool
	// splitJoined searches as its parts a word the tokenizer keeps whole
	// across a '.' or ':' between letters that no document holds and that
	// begins no skill's name ("Re:amaze", "customgtp.ai" with a typo;
	// splitJoined).
	splitJoined bool
	// negatedNames drops from the query the names it rules out ("(not
	// SerpApi)", "instead of Jira"; dropNegatedNames).
	negatedNames bool
	// keywordLead lets the capitalised first word of a keyword query name
	// the one skill whose name it begins (keywordLeadName).
	keywordLead bool
	// nameIDF scales a term's name clause so a word common in English but
	// rare among names ("get", "fix", "store") does not outweigh the rest:
	// by the ratio of its IDF over bodies (nameIDFBody) or descriptions
	// (nameIDFDesc) to its IDF over names, capped at 1 and floored at
	// nameIDFFloor. 0 leaves name clauses alone.
	nameIDF      int
	nameIDFFloor float64
	// nameIDFMinBody applies nameIDF only to words found in at least this
	// fraction of bodies: common English, not domain words like "seo".
	nameIDFMinBody float64
	// nameIDFMaxName applies nameIDF only to words in at most this many
	// names (0: any): the inflated IDF comes from a handful of names.
	nameIDFMaxName uint64
	// bodyMulti rewards several query terms found only in the body: the
	// body part of the score is multiplied by 1 + bodyMulti*(k-1) for k
	// such terms.
	bodyMulti float64
	// cjkUnigram is the weight of a single CJK character in a query that
	// also has CJK bigrams (1 = as any term).
	cjkUnigram float64
	// typoEnglish skips typo correction for English words (data/) and for
	// words found in some body.
	typoEnglish bool
	// foreignTypoMax skips typo correction, in a query written in another
	// language (plan.foreign), of words of at most this many letters: in
	// Indonesian "baru" (new) is a word of its own, not a slip for the
	// Bart connector. 0: no such guard.
	foreignTypoMax int
	// concept is the weight of thesaurus expansions (data/concepts.txt)
	// relative to the query term they stand in for; 0 disables them.
	concept float64
	// conceptName scales the name clause of a thesaurus expansion (1: as
	// the other fields).
	conceptName float64
	// keywords is the weight of Request.Keywords terms relative to query
	// terms.
	keywords float64
	// nativeStats leaves BM25's average field lengths to bleve (see
	// stats.go); only for comparisons.
	nativeStats bool
	// feedback is the weight of the best pseudo-relevance feedback term
	// (see feedback.go) relative to a query term; 0 disables feedback.
	feedback float64
	// fbDocs is how many of the first search's best hits feed back;
	// fbMinRel stops at a hit scoring below that fraction of the best.
	fbDocs   int
	fbMinRel float64
	// fbTerms is the most expansion terms added; fbMinDocs the fewest
	// feedback hits a term must be in; fbMaxDocFrac the largest share of
	// descriptions it may be in.
	fbTerms      int
	fbMinDocs    int
	fbMaxDocFrac float64
	// fbCoverage is the weight of a feedback term in the coverage
	// fraction, relative to its clause weight (0: coverage counts the
	// query's own terms only, so a hit must match one of them).
	fbCoverage float64
	// fbBody searches feedback terms in bodies too.
	fbBody bool
	// fbTwin is the Jaccard similarity of two feedback hits' terms at
	// which they count as one hit (near-twin skills); 0: never.
	fbTwin float64
	// fbMaxConf applies feedback only when the first search's best hit
	// has a Confidence below it (selective expansion: a query already
	// answered with confidence only drifts); 0 or above 1: always.
	fbMaxConf float64
	// lead multiplies the score of each of the best leadHits hits by
	// 1 + lead x the share of the query's coverage weight found among the
	// first leadTerms stored terms of its name and description (lead.go):
	// what a skill says it is in its opening words counts more than a
	// trigger list or a body that mentions the word. 0: off.
	lead      float64
	leadTerms int
	leadHits  int
	// co is the weight of the best body co-occurrence expansion term
	// (see cooccur.go) relative to a query term; 0 disables it. coDocs is
	// how many skills whose bodies hold two or more query words vote;
	// coMaxDocFrac the largest share of bodies a query word may be in to
	// be looked up; coTerms the most terms added.
	co           float64
	coDocs       int
	coMaxDocFrac float64
	coTerms      int
	// direction multiplies the score of a hit converting the other way
	// from a conversion query ("convert markdown to word" and a skill
	// turning documents to Markdown; see direction.go); 0 or 1: off.
	// dirMaxTargets is the most conversion targets a skill may name and
	// still count as converting one way (see conversion.reverses).
	dirMaxTargets int
	direction     float64
	// semantic is the weight of the semantic stage of a hybrid search
	// (fuse.go): a hit gains semantic x (z - semZ) x the best lexical
	// score, z being its cosine's z-score over the catalog; semDepth
	// lexical hits and the semNearest nearest skills are its candidates.
	// 0: a Request's Semantic is ignored.
	semantic   float64
	semZ       float64
	semDepth   int
	semNearest int
	// prune skips documents that cannot enter the best hits (top-k
	// pruning, see prune.go); results are the same either way.
	prune bool
}

var defaultTuning = tuning{
	name:            3,
	description:     2,
	tags:            1,
	body:            0.25,
	bodyMaxDocFrac:  0.05,
	exactName:       6,
	fuzzy:           0.25,
	fuzzyMinLen:     4,
	fuzzyMaxTerms:   5,
	fuzzy2MinLen:    8,
	fuzzy2:          0.5,
	fuzzy2Prefix:    2,
	coverageExp:     1,
	tie:             0.3,
	framing:         true,
	foreign:         true,
	rareName:        5,
	rareNameMaxDF:   3,
	rareNameMaxDocs: 5,
	rareNameProper:  true,
	rareOutName:     1,
	rareOutConf:     0.6,
	rareFirst:       true,
	rareNameTypo:    true,
	rareProperBody:  true,
	gluedName:       1,
	namePhrase:      1,
	gluedQuery:      true,
	gluedLower:      true,
	gluedSnake:      true,
	digitName:       true,
	unknownHost:     true,
	leadName:        true,
	joinedName:      true,
	splitName:       true,
	splitJoined:     true,
	negatedNames:    true,
	keywordLead:     true,
	nameIDF:         nameIDFBody,
	nameIDFFloor:    0.3,
	nameIDFMinBody:  0.05,
	nameIDFMaxName:  10,
	bodyMulti:       0.5,
	cjkUnigram:      0.1,
	typoEnglish:     true,
	foreignTypoMax:  4,
	concept:         0.8,
	conceptName:     1,
	keywords:        0.7,
	feedback:        0.2,
	fbDocs:          5,
	fbMinRel:        0.3,
	fbTerms:         4,
	fbMinDocs:       2,
	fbMaxDocFrac:    0.05,
	fbCoverage:      0,
	fbBody:          true,
	fbMaxConf:       0.5,
	fbTwin:          0.5,
	lead:            0.3,
	leadTerms:       10,
	leadHits:        20,
	co:              0.2,
	coDocs:          20,
	coMaxDocFrac:    0.1,
	coTerms:         6,
	direction:       0.2,
	dirMaxTargets:   2,
	semantic:        0.15,
	semZ:            0.5,
	semDepth:        2000,
	semNearest:      30,
	prune:           true,
}

// coverage is the factor coverage^coverageExp a score is multiplied by
// (plan.scoreOf), cov the fraction of the query's term weight matched;
// the pruning bounds (prune.go) use it too, so they bound what scoreOf
// computes.
func (t *tuning) coverage(cov float64) float64 {
	if t.coverageExp == 1 {
		return cov
	}
	return math.Pow(cov, t.coverageExp)
}

// bodyBonus is the factor a term matched in the body alone is multiplied
// by when k terms are (plan.scoreOf): 1 + bodyMulti*(k-1) for k > 1.
func (t *tuning) bodyBonus(k int) float64 {
	if k > 1 && t.bodyMulti > 0 {
		return 1 + t.bodyMulti*float64(k-1)
	}
	return 1
}

type fieldWeight struct {
	field string
	w     float64
}
