// Package search is the full-text index of the skill catalog: a bleve/scorch
// index over each skill's name, description, tags and markdown body, with
// the ranking the catalog serves over MCP and the CLI.
//
// One process owns an on-disk index at a time (the scorch root file is
// locked); a second Open of the same path fails with ErrLocked after
// Options.Timeout instead of blocking. An Index is safe for concurrent use
// by multiple goroutines.
//
// # Analysis
//
// Name, description, tags and body use one English analyzer: UAX#29 words
// (hyphens split words; underscores are turned into spaces first so
// snake_case splits too), lower case, English stop words removed, porter
// stemming ("testing" and "tests" both index as "test"). Chinese and
// Japanese text is indexed as single characters plus overlapping bigrams,
// so any run of characters matches and adjacent ones rank higher; Korean
// words split at spaces. The whole name is also indexed as one lower-cased
// key with words joined by "-", for exact-name lookups. A query written in
// one of the languages of engine.ForeignStopWords (Spanish, French, German,
// Portuguese, Italian, Dutch, Turkish, Russian and more) has that
// language's stop words dropped too (foreign.go).
//
// # Ranking
//
// Each distinct query term (at most 32) is looked up in name (weight 3),
// description (2) and tags (1), and in the body (0.25) when the term occurs
// in at most 5% of bodies (or 5 bodies): common words say little about a
// skill, and their long body posting lists are most of the cost of body
// search. Clause scores are bleve's BM25 (k1=1.2, b=0.75), with the field
// averages computed from real token counts (see stats.go). Per term, the
// best field counts fully and the other fields at 0.3 (dis-max with a tie
// breaker), terms are summed, and the sum is multiplied by the fraction of
// query terms that matched anywhere, so skills covering more of the query
// rank first. In that fraction a word that names a tool or service (in at
// most 3 skills' names and 5 documents, and no English word: "DocuSeal")
// counts 5 times, so the skill of a service its request names is not
// outweighed by skills sharing the task's common words. When the first
// search's best hit has a Confidence under 0.6, the search runs again with
// such a word counting 5 times only for the skills whose names hold it
// (once elsewhere): a generic skill mentioning the service among others
// does not share the weight of the skill named after it; and when one such
// word is in the names of the best hits (the first 10) but not the first,
// the hits named after it move ahead of the others, each group in its
// order: a long request naming one service ("... from Moz into a weekly
// report") shares most of its words with a rival's richer description.
// Whether the query has a good match is read from the order before the
// move. In a query in another language a corrected word (German "Firma"
// to "firmao") does not count. A query equal to a skill's whole name ("skill creator",
// "skill-creator") adds an exact-name clause of weight 6. A query word of
// 4+ letters found in no name, description or tag is corrected to the (at
// most 5 most frequent) indexed words at edit distance 1 (a transposition
// counts as one edit), scored at a quarter of the normal weight; English
// words (WordNet's list, shipped in data/) and words some body uses are
// never corrected ("song" is not a typo of "gong"). A word of 8 or more
// letters is also corrected to the (at most 5 most frequent) words two
// edits away that share its first 2 letters, at half that weight
// ("postgress" to "postgresql").
//
// Fixes checked on the judged sets (see TestDevVariants):
// words that frame a task ("the user wants", "asks", "can", "one") are
// dropped from the query; a name word in at most 10 names but in at least
// 5% of bodies (common English: "get", "fix", "store") has its name clause
// scaled by the ratio of its body IDF to its name IDF (at least 0.3);
// several query terms found only in a body add up (x1.5 per extra term);
// a single CJK character weighs 0.1 when the query has CJK pairs; a
// description that is only a title ("Contract & Proposal Writer") is
// indexed with the body's opening prose; and a few words porter conflates
// with unrelated ones ("relational", "general", "executive") are not
// stemmed.
//
// The lead (lead.go): each of the best 10 hits has its score multiplied by
// 1 + 0.3 x the share of the query's coverage weight found in its first 10
// name and description terms (the name and the description's opening,
// where a skill says what it is), and they are re-sorted; Confidence reads
// the score before the factor, and a hit converting the other way from a
// conversion query gets none.
//
// Pseudo-relevance feedback (feedback.go): when the best hit of a search
// has a Confidence below 0.5, the distinctive terms (in 2 or more of the 5
// best hits' names and descriptions, in at most 5% of descriptions, not in
// the query) are added, at most 4, the best at 0.2 of a query term's
// weight and the others in proportion to their scores, and the search runs
// again; near-twin hits (Jaccard similarity of their terms 0.5 or more)
// count as one. Feedback terms re-rank the hits of the query's own words;
// they find nothing those words do not (they count for no coverage) and
// leave Confidence as the query's own words make it. Feedback terms are
// searched in bodies too. The second search (also run when the first has
// no hit) also adds body co-occurrence terms (cooccur.go): the 20 skills
// whose bodies hold the most of the query's words (two or more, each word
// in at most 10% of bodies) vote for terms of their names and
// descriptions; the best 6, held by 2 or more voters, are added like
// feedback terms at up to 0.2 of a query term's weight.
//
// A query stating a direction ("convert markdown to a word document",
// "migrate from Cypress to Playwright": a conversion verb, then "to",
// "into" or "as") is compared with each hit's conversion targets, the words
// after "to" or "into" in its description, stored at indexing
// (direction.go): a hit converting the other way (one of its at most 2
// targets is the query's source, none its target) scores 0.2 of what it
// would. A skill naming more targets lists routes of a general converter
// and is left alone.
//
// # Confidence
//
// Each hit carries a Confidence in [0, 1] and a result says NoGoodMatch
// when the catalog likely holds no skill for the query (a second model,
// fits, over the best hit); see confidence.go. Their figures on the
// judged sets are in docs/search-quality.md.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package search
