package search

import (
	"context"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Name-IDF variants of tuning.nameIDF.
const (
	nameIDFOff  = 0
	nameIDFBody = 1
	nameIDFDesc = 2
)

// framingWords are how agents and people frame a task, not what it is
// about ("The user wants me to...", "Can you help..."). Stemmed with the
// text analyzer before use.
var framingWords = []string{
	"user", "users", "want", "wants", "wanted", "ask", "asks", "asked", "asking", "can", "could", "would",
	"should", "one", "help", "helps", "need", "needs", "needed", "like", "please", "someone", "something",
	"thing", "things", "way", "just", "really", "actually", "also", "tell", "let", "lets", "make", "sure",
	"me", "us", "we", "our", "i", "my", "you", "your", "task", "going", "get", "gets", "trying", "try",
}

// dropFraming removes framing terms (see framingWords) from the analysed
// query terms, unless nothing else is left.
func (ix *Index) dropFraming(r *engine.Reader, terms []string) []string {
	ix.framingOnce.Do(func() {
		ts, err := r.Analyze(engine.Text, strings.Join(framingWords, " "))
		if err != nil {
			return
		}
		ix.framing = make(map[string]bool, len(ts))
		for _, t := range ts {
			ix.framing[t] = true
		}
	})
	return withoutTerms(terms, func(t string) bool { return ix.framing[t] })
}

// withoutTerms returns terms less those drop reports, or terms unchanged
// when nothing else would be left (a query of only such words is still
// searched for them).
func withoutTerms(terms []string, drop func(string) bool) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if !drop(t) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return terms
	}
	return out
}

// termWeights gives each analysed query term its weight: 1, except single
// CJK characters in a query that also has CJK bigrams, which get
// tune.cjkUnigram (common characters like 用, 写, 给 say little once the
// pairs are matched).
func termWeights(terms []string, tune *tuning) []float64 {
	w := make([]float64, len(terms))
	bigram := false
	for _, t := range terms {
		if isCJK(t) && utf8.RuneCountInString(t) == 2 {
			bigram = true
		}
	}
	for i, t := range terms {
		w[i] = 1
		if bigram && tune.cjkUnigram > 0 && isCJK(t) && utf8.RuneCountInString(t) == 1 {
			w[i] = tune.cjkUnigram
		}
	}
	return w
}

// isCJK reports whether s is made of Han, Hiragana or Katakana characters.
func isCJK(s string) bool {
	for _, r := range s {
		if !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return false
		}
	}
	return s != ""
}

// nameIDFFactor is the multiplier of a term's name clause (see
// tuning.nameIDF); df holds its document frequency in name, description,
// tags and body.
func nameIDFFactor(docs uint64, df [4]uint64, tune *tuning) float64 {
	var other uint64
	switch tune.nameIDF {
	case nameIDFBody:
		other = df[3]
	case nameIDFDesc:
		other = df[1]
	default:
		return 1
	}
	if df[0] == 0 || float64(df[3]) < tune.nameIDFMinBody*float64(docs) ||
		(tune.nameIDFMaxName > 0 && df[0] > tune.nameIDFMaxName) {
		return 1
	}
	f := bm25IDF(docs, other) / bm25IDF(docs, df[0])
	return min(1, max(f, tune.nameIDFFloor))
}

// properNouns returns the words of text (lower-cased) written with a
// capital first letter and the rest lower case, except a sentence's first
// word (at the start of text or after ".", "!", "?", ":" or a line break):
// how English writes a name ("through Tisane", "in Raven Tools"), told
// apart from a capitalised sentence start and from acronyms; and words in
// camel case anywhere ("BigDataCloud's").
func properNouns(text string) map[string]bool {
	out := map[string]bool{}
	textWords(text, func(w []rune, start, _ bool) {
		if !start && capitalised(w) || camelCase(w) {
			out[strings.ToLower(string(w))] = true
		}
	})
	return out
}

// textWords calls visit with each run of letters of text in order, whether
// it begins a sentence (it is the first, or ".", "!", "?", ":" or a line
// break stands since the word before), and whether only spaces stand
// between it and the word before.
func textWords(text string, visit func(w []rune, start, spaced bool)) {
	start, spaced := true, true
	rs := []rune(text)
	for i := 0; i < len(rs); {
		r := rs[i]
		if !unicode.IsLetter(r) {
			switch r {
			case ' ':
			case '.', '!', '?', ':', '\n':
				start, spaced = true, false
			default:
				spaced = false
			}
			i++
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		visit(rs[i:j], start, spaced)
		start, spaced = false, true
		i = j
	}
}

// capitalised reports whether w is written with a capital first letter
// and the rest lower case ("Tisane"; not "NASA" or "a").
func capitalised(w []rune) bool {
	return len(w) > 1 && unicode.IsUpper(w[0]) && strings.ToLower(string(w[1:])) == string(w[1:])
}

// gluedNames matches each word of text written as a name (capitalised
// inside a sentence of a query in English: a foreign word in no English
// dictionary is not enough, "converta" is no service), at least
// tune.fuzzyMinLen letters long, whose term no name, description or tags
// hold (unknown), to the name words that begin with it, when one to
// tune.rareNameMaxDF names hold such a word and no field has it in more
// than tune.rareNameMaxDocs documents: a catalog that names a service by
// its glued domain ("ravenseotools" for Raven Tools) is found by the name
// the user writes. The word then weighs as a rare name (rareNames), and
// the name words are added to p's metadata clauses for it at
// tune.gluedName times the fields' weights.
func gluedNames(ctx context.Context, r *engine.Reader, text string, tw *typedWords, unknown []bool, p *plan,
	meta []fieldWeight, add func(field, term string, ti int, boost float64) (uint64, error), tune *tuning) error {
	if foreignStops(text) != nil {
		// German writes every noun capitalised ("Firma" is no service).
		return nil
	}
	words, err := tw.get()
	if err != nil {
		return err
	}
	proper := properNouns(text)
	for _, qw := range words {
		w, ti := strings.TrimSuffix(strings.TrimSuffix(qw.word, "'s"), "’s"), qw.term
		if !unknown[ti] || utf8.RuneCountInString(w) < tune.fuzzyMinLen || !allLetters(w) {
			continue
		}
		if !proper[w] {
			// Written in lower case ("nanonets"), the word may still glue
			// one name's words; only a single such name is taken, as a
			// lower-case word is no sign of a name by itself.
			if tune.gluedLower && tune.gluedQuery {
				if _, err := searchGluedName(r, p, ti, w, 1, meta, add, tune); err != nil {
					return err
				}
			}
			continue
		}
		if tune.gluedQuery {
			// The query glues what the name splits ("BigDataCloud" for
			// big-data-cloud-automation): search the name's words.
			found, err := searchGluedName(r, p, ti, w, tune.namePhrase, meta, add, tune)
			if err != nil {
				return err
			}
			if found {
				continue
			}
		}
		cs, err := r.PrefixTerms(w, func(t string) bool { return len(t) > len(w) })
		if err != nil {
			return err
		}
		var names []string
		for _, c := range cs {
			st, err := r.Analyze(engine.Text, c.Term)
			if err != nil {
				return err
			}
			if len(st) != 1 || contains(names, st[0]) {
				continue
			}
			nameDF, maxDF, err := nameRarity(ctx, r, st[0], meta)
			if err != nil {
				return err
			}
			if nameDF == 0 {
				continue
			}
			if maxDF > tune.rareNameMaxDocs {
				names = nil
				break
			}
			names = append(names, st[0])
		}
		if len(names) == 0 || len(names) > int(tune.rareNameMaxDF) {
			continue
		}
		if err := searchAsName(p, ti, names, meta, add, tune); err != nil {
			return err
		}
	}
	return nil
}

// snakeWord matches an identifier written in snake case: two or more
// lower-case words of letters joined by single underscores.
var snakeWord = regexp.MustCompile(`\b[a-z]+(?:_[a-z]+)+\b`)

// snakeNames gives, for each identifier of text written in snake case
// ("the composio_search toolkit"), the one skill whose name's words it
// glues (composio-search-automation) the exact-name clause
// (tune.exactName), as if the query had written that name: a tool or
// toolkit id is the user naming a skill, while the analyzer splits it
// into words ("composio", "search") that many skills hold.
func snakeNames(r *engine.Reader, text string, add func(field, term string, ti int, boost float64) (uint64, error), tune *tuning) error {
	if !strings.Contains(text, "_") {
		return nil
	}
	for _, id := range dedupe(snakeWord.FindAllString(text, -1)) {
		keys, err := r.NamesGluing(strings.ReplaceAll(id, "_", ""), 1)
		if err != nil {
			return err
		}
		if len(keys) != 1 {
			continue
		}
		if _, err := add(engine.FieldNameKey, keys[0], -1, tune.exactName); err != nil {
			return err
		}
	}
	return nil
}

// searchGluedName searches, for term ti of p, the words of the first of
// the one to limit skill names whose words glued begin with w
// (Reader.NamesGluing: "nanonets" for nano-nets-automation) as
// searchAsName does, and reports whether it did: it does nothing when no
// name or more than limit names glue w.
func searchGluedName(r *engine.Reader, p *plan, ti int, w string, limit int, meta []fieldWeight,
	add func(field, term string, ti int, boost float64) (uint64, error), tune *tuning) (bool, error) {
	keys, err := r.NamesGluing(w, limit)
	if err != nil || len(keys) == 0 || len(keys) > limit {
		return false, err
	}
	return true, searchNameKey(r, p, ti, keys[0], meta, add, tune)
}

// properRuns returns the runs of two or more consecutive words of text
// written as names (properNouns: capitalised inside a sentence), each
// run's words lower-cased: "In Async Interview, list ..." gives
// [async interview]. Only spaces may stand between a run's words.
func properRuns(text string) [][]string {
	var runs [][]string
	var cur []string
	flush := func() {
		if len(cur) >= 2 {
			runs = append(runs, cur)
		}
		cur = nil
	}
	textWords(text, func(w []rune, start, spaced bool) {
		if !spaced {
			flush()
		}
		if !start && capitalised(w) {
			cur = append(cur, strings.ToLower(string(w)))
		} else {
			flush()
		}
	})
	flush()
	return runs
}

// leadRuns returns the runs properRuns leaves out at a sentence's start:
// a capitalised first word followed, with only spaces between, by one or
// more words written as names ("Better Stack keeps paging us" gives
// [better stack]); each run's words lower-cased. A sentence's first word
// is capitalised whatever it is, so such a run names something only when
// the catalog says so (namePhrases).
func leadRuns(text string) [][]string {
	var runs [][]string
	var cur []string
	lead := false
	flush := func() {
		if lead && len(cur) >= 2 {
			runs = append(runs, cur)
		}
		cur, lead = nil, false
	}
	textWords(text, func(w []rune, start, spaced bool) {
		if !spaced || start {
			flush()
		}
		switch {
		case start && capitalised(w):
			cur, lead = []string{strings.ToLower(string(w))}, true
		case !start && lead && capitalised(w):
			cur = append(cur, strings.ToLower(string(w)))
		default:
			flush()
		}
	})
	flush()
	return runs
}

// namePhrases gives the words of each run of capitalised words in text
// (properRuns; with tune.leadName also leadRuns) the rare-name weight
// when the run begins one to tune.namePhrase skill names: "Async Interview" names the
// async-interview-automation connector even though each of its words is
// in other names too, while "React Native", which begins three names,
// names a field the task's other words choose within.
func namePhrases(r *engine.Reader, text string, tw *typedWords, p *plan, tune *tuning) error {
	runs := properRuns(text)
	if tune.leadName {
		// tried first: a run that names no skill with its first word
		// ("In Async Interview") still counts without it (properRuns)
		runs = append(leadRuns(text), runs...)
	}
	if len(runs) == 0 || foreignStops(text) != nil {
		return nil
	}
	words, err := tw.get()
	if err != nil {
		return err
	}
	for _, run := range runs {
		n, err := r.NamesStartingWith(engine.NormalizeName(strings.Join(run, " ")), tune.namePhrase)
		if err != nil {
			return err
		}
		if n == 0 || n > tune.namePhrase {
			continue
		}
		for _, w := range words {
			if contains(run, w.word) {
				p.markRare(w.term, tune.rareName)
			}
		}
	}
	return nil
}

// nameRarity returns how many skills' names hold term and the most
// documents any field (meta's and the body) holds it in: what decides
// whether a word may name one tool or service (tuning.rareName).
func nameRarity(ctx context.Context, r *engine.Reader, term string, meta []fieldWeight) (nameDF, maxDF uint64, err error) {
	for _, f := range append(meta, fieldWeight{field: engine.FieldBody}) {
		n, err := r.DocFreq(ctx, f.field, term)
		if err != nil {
			return 0, 0, err
		}
		if f.field == engine.FieldName {
			nameDF = n
		}
		maxDF = max(maxDF, n)
	}
	return nameDF, maxDF, nil
}

// searchAsName searches the name words names in meta's fields for term ti
// of p, at tune.gluedName times the fields' weights, and gives ti the
// rare-name weight: the query wrote, in another form, the name they make.
func searchAsName(p *plan, ti int, names []string, meta []fieldWeight,
	add func(field, term string, ti int, boost float64) (uint64, error), tune *tuning) error {
	for _, n := range names {
		for _, f := range meta {
			if _, err := add(f.field, n, ti, f.w*tune.gluedName); err != nil {
				return err
			}
		}
	}
	p.markRare(ti, tune.rareName)
	return nil
}

// joinedNames finds the services a query names in a form the catalog's
// names split or glue differently, and gives their words the rare-name
// weight with clauses for the name's own words (at tune.gluedName times
// the fields' weights): a dotted name the tokenizer keeps whole
// ("Scrape.do"; not a file name, "CLAUDE.md") that begins one to
// tune.namePhrase skill names
// (scrape-do-automation), searched as its parts; and two adjacent words,
// not both English unless one is written as a name (properNouns), that,
// glued, are a name word of one to tune.rareNameMaxDF skills in at
// most tune.rareNameMaxDocs documents ("D2L Brightspace" for
// d2lbrightspace, "Google Doc" for googledocs); and with
// tune.splitName a capitalised name before an apostrophe and a case
// ending ("Mopinion'daki") that begins one to tune.namePhrase names.
func joinedNames(ctx context.Context, r *engine.Reader, text string, terms []string, p *plan,
	meta []fieldWeight, add func(field, term string, ti int, boost float64) (uint64, error), tune *tuning) error {
	plain, err := r.Analyze(engine.Plain, text)
	if err != nil {
		return err
	}
	proper := properNouns(text)
	termOf := func(w string) (int, []string, error) {
		st, err := r.Analyze(engine.Text, w)
		if err != nil || len(st) != 1 {
			return -1, st, err
		}
		return indexOf(terms, st[0]), st, nil
	}
	for i, w := range plain {
		if strings.ContainsAny(w, ".") && tune.namePhrase > 0 && !fileExts[w[strings.LastIndexByte(w, '.')+1:]] {
			ti, _, err := termOf(w)
			if err != nil {
				return err
			}
			if ti < 0 {
				continue
			}
			key, err := dottedName(r, w, tune)
			if err != nil {
				return err
			}
			if key == "" {
				continue
			}
			if err := searchNameKey(r, p, ti, key, meta, add, tune); err != nil {
				return err
			}
			continue
		}
		if k := strings.IndexAny(w, "'’"); k >= 3 && tune.splitName && !strings.HasSuffix(w, "'s") && !strings.HasSuffix(w, "’s") &&
			strings.Contains(text, strings.ToUpper(w[:1])+w[1:k]) {
			// a name, written capitalised, with a case ending after an
			// apostrophe ("Mopinion'daki", Turkish's way with names;
			// not Italian's "dell'app")
			ti, _, err := termOf(w)
			if err != nil {
				return err
			}
			key := engine.NormalizeName(w[:k])
			n, err := r.NamesStartingWith(key, tune.namePhrase)
			if err != nil {
				return err
			}
			if ti >= 0 && n > 0 && n <= tune.namePhrase {
				if err := searchNameKey(r, p, ti, key, meta, add, tune); err != nil {
					return err
				}
			}
			continue
		}
		if i+1 == len(plain) || !allLettersDigits(w) || !allLettersDigits(plain[i+1]) ||
			(isEnglish(w) && isEnglish(plain[i+1]) && !proper[w] && !proper[plain[i+1]]) {
			// Two English words glued name a task, not a service
			// ("landing page", a landingpage skill), unless one is
			// written as a name ("a Google Doc").
			continue
		}
		a, _, err := termOf(w)
		if err != nil {
			return err
		}
		b, _, err := termOf(plain[i+1])
		if err != nil {
			return err
		}
		_, st, err := termOf(w + plain[i+1])
		if err != nil {
			return err
		}
		if a < 0 || b < 0 || len(st) != 1 {
			continue
		}
		nameDF, maxDF, err := nameRarity(ctx, r, st[0], meta)
		if err != nil {
			return err
		}
		if nameDF == 0 || nameDF > tune.rareNameMaxDF || maxDF > tune.rareNameMaxDocs {
			continue
		}
		if err := searchAsName(p, a, st, meta, add, tune); err != nil {
			return err
		}
		if err := searchAsName(p, b, st, meta, add, tune); err != nil {
			return err
		}
	}
	return nil
}

// searchNameKey searches the words of the name key (NormalizeName's
// form, "scrape-do") for term ti of p as searchAsName does.
func searchNameKey(r *engine.Reader, p *plan, ti int, key string, meta []fieldWeight,
	add func(field, term string, ti int, boost float64) (uint64, error), tune *tuning) error {
	parts, err := r.Analyze(engine.Text, strings.ReplaceAll(key, "-", " "))
	if err != nil {
		return err
	}
	return searchAsName(p, ti, parts, meta, add, tune)
}

// dottedName returns the name key (NormalizeName's form) that the dotted
// word w names when it begins one to tune.namePhrase skill names, or "":
// w itself ("scrape.do" for scrape-do-automation), and with
// tune.splitName w glued ("recall.ai" for recallai-automation,
// "ocr.space" for ocrspace) or w without its last label ("cloudlayer.io"
// for cloudlayer-automation; "astica.ai's" for astica-ai), as a
// service's web address is written.
func dottedName(r *engine.Reader, w string, tune *tuning) (string, error) {
	cands := []string{engine.NormalizeName(w)}
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	if i := strings.LastIndexByte(w, '.'); tune.splitName && webTLDs[w[i+1:]] {
		cands = append(cands, engine.NormalizeName(strings.ReplaceAll(w, ".", "")))
		if utf8.RuneCountInString(w[:i]) >= 3 {
			cands = append(cands, engine.NormalizeName(w[:i]))
		}
	}
	for _, c := range cands {
		n, err := r.NamesStartingWith(c, tune.namePhrase)
		if err != nil {
			return "", err
		}
		if n > 0 && n <= tune.namePhrase {
			return c, nil
		}
	}
	return "", nil
}

// splitJoined returns text with each word the tokenizer kept whole
// across a '.' or ':' between two letters (UAX#29 joins "Re:amaze" and
// "customgtp.ai") written as its parts, when the word is in no field of
// any document and is no dotted name of a skill (dottedName, which
// joinedNames searches): such a word matches nothing whole, while its
// parts may name a service ("Re amaze") or be a typo the corrections
// mend ("customgtp"). A word the catalog holds ("CLAUDE.md", "Next.js")
// stays whole.
func splitJoined(ctx context.Context, r *engine.Reader, text string, tune *tuning) (string, error) {
	if !strings.ContainsAny(text, ".:") {
		return text, nil
	}
	plain, err := r.Analyze(engine.Plain, text)
	if err != nil {
		return "", err
	}
	for _, w := range dedupe(plain) {
		if !joinedBetweenLetters(w) {
			continue
		}
		terms, err := r.Analyze(engine.Text, w)
		if err != nil {
			return "", err
		}
		if len(terms) != 1 {
			continue
		}
		held := false
		for _, f := range []string{engine.FieldName, engine.FieldDescription, engine.FieldTags, engine.FieldBody} {
			n, err := r.DocFreq(ctx, f, terms[0])
			if err != nil {
				return "", err
			}
			if held = n > 0; held {
				break
			}
		}
		if held {
			continue
		}
		if strings.Contains(w, ".") && tune.joinedName && tune.namePhrase > 0 {
			if key, err := dottedName(r, w, tune); err != nil || key != "" {
				if err != nil {
					return "", err
				}
				continue
			}
		}
		// the word as typed, its case kept: a capital marks a name
		// (properNouns)
		text = regexp.MustCompile(`(?i)`+regexp.QuoteMeta(w)).ReplaceAllStringFunc(text, func(typed string) string {
			return strings.Map(func(c rune) rune {
				if c == '.' || c == ':' {
					return ' '
				}
				return c
			}, typed)
		})
	}
	return text, nil
}

// joinedBetweenLetters reports whether w holds a '.' or ':' with a
// letter on each side.
func joinedBetweenLetters(w string) bool {
	rs := []rune(w)
	for i := 1; i+1 < len(rs); i++ {
		if (rs[i] == '.' || rs[i] == ':') && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
			return true
		}
	}
	return false
}

// webTLDs are the last labels of web addresses services are named by
// ("Recall.ai", "cloudlayer.io", "OCR.space"): only such a dotted word
// is read as an address (dottedName), not a file name ("init.el",
// "build.zig") whose first part may begin a skill's name.
var webTLDs = map[string]bool{"io": true, "ai": true, "com": true, "net": true, "org": true, "app": true, "dev": true,
	"co": true, "so": true, "me": true, "space": true, "cloud": true, "xyz": true, "tech": true, "ly": true, "to": true,
	"gg": true, "tv": true, "fm": true, "us": true, "eu": true, "de": true, "fr": true, "uk": true, "info": true,
	"biz": true, "site": true, "online": true, "pro": true, "studio": true, "page": true, "run": true, "chat": true,
	"email": true, "team": true, "tools": true, "network": true, "digital": true, "do": true, "is": true, "ca": true}

// fileExts are the extensions that make a dotted word a file name
// ("CLAUDE.md", "config.yaml"), not a service's ("Scrape.do").
var fileExts = map[string]bool{"md": true, "json": true, "yaml": true, "yml": true, "toml": true, "txt": true,
	"py": true, "js": true, "ts": true, "tsx": true, "jsx": true, "sh": true, "go": true, "rs": true, "rb": true,
	"csv": true, "html": true, "css": true, "xml": true, "pdf": true, "env": true, "lock": true, "sql": true}

// allLettersDigits reports whether s is letters and digits only.
func allLettersDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// camelCase reports whether w is written in camel case, capitalised and
// with a capital inside among lower-case letters ("BigDataCloud",
// "DocuSeal"; not "NASA" or "Tisane"): a name wherever it stands.
func camelCase(w []rune) bool {
	if len(w) < 3 || !unicode.IsUpper(w[0]) || !unicode.IsLower(w[1]) {
		return false
	}
	for _, r := range w[2:] {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// rareNames gives each of the rare terms (in at most tune.rareNameMaxDF
// names and tune.rareNameMaxDocs documents of any field) tune.rareName
// times its weight in the coverage fraction of p, when every word of text
// that analyses to it is one no English dictionary holds: "DocuSeal" or
// "Claid" names the service a connector skill is about, while "fix", the
// name of some small catalog's only debugging skill, is a task word.
//
// The terms of properOnly are as rare in names, descriptions and tags but
// more common in bodies ("magnetic", in science skills' text): each counts
// only when every word of text that analyses to it is written as a name
// ("in Magnetic, which client jobs ...") and text is not in another
// language.
func rareNames(text string, tw *typedWords, rare, properOnly []int, p *plan, tune *tuning) error {
	if len(rare) == 0 && len(properOnly) == 0 {
		return nil
	}
	words, err := tw.get()
	if err != nil {
		return err
	}
	var proper map[string]bool
	if tune.rareNameProper {
		proper = properNouns(text)
	}
	typed := make(map[int]bool, len(rare))
	english := make(map[int]bool, len(rare))
	notName := make(map[int]bool, len(properOnly))
	for _, w := range words {
		typed[w.term] = true
		if isEnglish(w.word) && !proper[w.word] {
			english[w.term] = true
		}
		if !proper[w.word] {
			notName[w.term] = true
		}
	}
	for _, ti := range rare {
		if typed[ti] && !english[ti] {
			p.markRare(ti, tune.rareName)
		}
	}
	if len(properOnly) > 0 && foreignStops(text) != nil {
		// Capitals are weaker evidence of a name in another language
		// (German nouns), and its words are not the bodies' English.
		properOnly = nil
	}
	for _, ti := range properOnly {
		if typed[ti] && !notName[ti] && proper != nil {
			p.markRare(ti, tune.rareName)
		}
	}
	return nil
}

// keywordFunctionWords are the words that make a query a sentence rather
// than a list of keywords (keywordLeadName).
var keywordFunctionWords = map[string]bool{"the": true, "a": true, "an": true, "to": true, "for": true, "my": true, "our": true,
	"of": true, "in": true, "on": true, "with": true, "and": true, "how": true, "can": true, "i": true, "we": true, "you": true,
	"please": true, "use": true, "using": true, "is": true, "do": true, "what": true, "from": true, "into": true, "it": true,
	"this": true, "that": true, "me": true, "by": true, "at": true, "as": true, "be": true, "so": true, "if": true}

// keywordLeadName gives the first word of a keyword query (at most six
// words, none a function word: "Sage accounting invoices API") the
// rare-name weight when it is written capitalised and begins exactly
// one skill's name and is in at most 4 x tune.rareNameMaxDocs documents
// of any field: a keyword list leads with the product it is about, even
// when the product is named by an English word, which rareNames leaves
// alone elsewhere ("Sage", "Resend"; not "Abstract syntax tree parser",
// a word many skills' text holds).
func keywordLeadName(ctx context.Context, r *engine.Reader, text string, tw *typedWords, p *plan, tune *tuning) error {
	var words [][]rune
	textWords(text, func(w []rune, _, _ bool) { words = append(words, w) })
	if len(words) < 2 || len(words) > 6 || !capitalised(words[0]) {
		return nil
	}
	for _, w := range words {
		if keywordFunctionWords[strings.ToLower(string(w))] {
			return nil
		}
	}
	first := strings.ToLower(string(words[0]))
	n, err := r.NamesStartingWith(first, tune.namePhrase)
	if err != nil || n != 1 {
		return err
	}
	qws, err := tw.get()
	if err != nil {
		return err
	}
	for _, qw := range qws {
		if qw.word != first {
			continue
		}
		body, err := r.DocFreq(ctx, engine.FieldBody, p.terms[qw.term])
		if err != nil {
			return err
		}
		if max(body, p.metaDF[qw.term]) <= 4*tune.rareNameMaxDocs {
			p.markRare(qw.term, tune.rareName)
		}
	}
	return nil
}
