package search

import (
	"context"
	"fmt"
	"reflect"
	"testing"
)

func TestProperNouns(t *testing.T) {
	got := properNouns("Run the posts through Tisane. Then ask Doppler for the API key; NASA data: Export it\nAfter that tell Slack")
	want := map[string]bool{"tisane": true, "doppler": true, "slack": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("properNouns = %v, want %v (sentence starts, acronyms and lower-case words are not names)", got, want)
	}
}

// TestRareProperName: a service whose name is also an English word
// ("tisane", an herbal tea) is the one a request names when the request
// writes it as a name, capitalised inside a sentence; the connector's text
// only names the service, so without the rare-name weight a skill that
// shares the task's common words wins.
func TestRareProperName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "tisane", Name: "tisane-automation", Description: "Automate Tisane tasks via Rube MCP (Composio). Always search tools first for current schemas."},
		Doc{ID: "forum", Name: "forum-manager", Description: "Manage a community forum: comments, posts and members."},
	)
	ix := openMem(t, docs...)
	q := "Flag insults in the comments of our forum through Tisane"
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) == 0 || got[0] != "tisane" {
		t.Errorf("Search(%q) = %v, want tisane first", q, got)
	}
	ix.tune.rareNameProper = false
	defer func() { ix.tune = defaultTuning }()
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) > 0 && got[0] == "tisane" {
		t.Errorf("without rareNameProper, Search(%q) = %v: the test no longer measures the rule", q, got)
	}
}

func TestProperRuns(t *testing.T) {
	got := properRuns("In Async Interview, list the Backend Engineer role. Ask Google Sheets and Raven - Tools\nThen Slack")
	want := [][]string{{"async", "interview"}, {"backend", "engineer"}, {"google", "sheets"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("properRuns = %v, want %v (runs of two or more names with only spaces between)", got, want)
	}
}

// TestLeadName: a service named by English words at a sentence's start
// ("Better Stack keeps paging us") names the one connector whose name
// it begins; a sentence-initial word before a run that names no skill
// ("In Async Interview") leaves the run as properRuns gives it.
func TestLeadName(t *testing.T) {
	got := leadRuns("Better Stack keeps paging us. In Async Interview, list roles. Ask me. Google Sheets - Tools")
	want := [][]string{{"better", "stack"}, {"in", "async", "interview"}, {"google", "sheets"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("leadRuns = %v, want %v", got, want)
	}
	docs := append(filler(20),
		Doc{ID: "bs", Name: "better-stack-automation", Description: "Automate Better Stack tasks via Rube MCP (Composio)."},
		Doc{ID: "oncall", Name: "on-call-handoff", Description: "List incidents for on-call shifts."},
		Doc{ID: "stackeval", Name: "tech-stack-evaluator", Description: "Compare frameworks for a stack."},
		Doc{ID: "trace", Name: "stack-trace-reader", Description: "Read a stack trace."},
		Doc{ID: "betterdocs", Name: "better-docs", Description: "Write docs."},
		Doc{ID: "betterprompts", Name: "better-prompts", Description: "Write prompts."},
	)
	for i, d := range []string{"Pick a better stack for a web app.", "Make stack traces read better.", "A better stack for data jobs.",
		"Better logging across the stack.", "Choose a better front-end stack.", "Better tests for the whole stack."} {
		docs = append(docs, Doc{ID: fmt.Sprintf("common%d", i), Name: fmt.Sprintf("stack-notes-%d", i), Description: d})
	}
	checkNameRule(t, docs, "Better Stack pages us: list the open incidents",
		"bs", func(tu *tuning) { tu.leadName = false })
	// Written inside a sentence, the run was a name already.
	checkNameRule(t, docs, "Our Better Stack pages us: list the open incidents",
		"bs", func(tu *tuning) { tu.namePhrase = 0 })
}

// checkNameRule searches q on docs and wants want first with the default
// tuning and not first with off applied: a rule test that cannot pass
// without the rule.
func checkNameRule(t *testing.T, docs []Doc, q, want string, off func(*tuning)) {
	t.Helper()
	ix := openMem(t, docs...)
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) == 0 || got[0] != want {
		t.Errorf("Search(%q) = %v, want %s first", q, got, want)
	}
	off(&ix.tune)
	defer func() { ix.tune = defaultTuning }()
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) > 0 && got[0] == want {
		t.Errorf("with the rule off, Search(%q) = %v: the test no longer measures the rule", q, got)
	}
}

// TestRareNameTypo: a misspelt service name ("dopler") is corrected to the
// connector's name at a fraction of a word's weight, and without the
// rare-name weight the skills sharing the task's common words win.
func TestRareNameTypo(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "doppler", Name: "doppler-secretops-automation", Description: "Automate Doppler Secretops tasks via Rube MCP (Composio). Always search tools first for current schemas."},
		Doc{ID: "env", Name: "env-secrets-manager", Description: "Manage secrets in environment config files and sync them to CI."},
		Doc{ID: "vault", Name: "secrets-vault", Description: "Store secrets in a vault and sync config."},
	)
	checkNameRule(t, docs, "dopler secrets", "doppler", func(tu *tuning) { tu.rareNameTypo = false })
}

// TestGluedName: a service written as two words ("Raven Tools") whose
// connector's name glues and extends it ("ravenseotools") is found by the
// first word, a name no skill's name holds whole.
func TestGluedName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "raven", Name: "ravenseotools-automation", Description: "Automate Ravenseotools tasks via Rube MCP (Composio)."},
		Doc{ID: "audit", Name: "seo-audit", Description: "Audit a site's SEO: crawl issues, backlinks and keyword rankings."},
	)
	checkNameRule(t, docs, "In Raven Tools, pull the crawl issues",
		"raven", func(tu *tuning) { tu.gluedName = 0 })
	// A capitalised word in a German query is a noun, not a service.
	q := "Wir wollen die Backlinks prüfen und die Rankings für unsere Firma vergleichen"
	ix := openMem(t, append(docs, Doc{ID: "firma", Name: "firmao-automation", Description: "Automate Firmao tasks."})...)
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) > 0 && got[0] == "firma" {
		t.Errorf("Search(%q) = %v: a German noun is no glued service name", q, got)
	}
}

// TestNamePhrase: two capitalised words that begin one skill's name ("In
// Async Interview, ...") name that skill, though each word is in other
// names; a phrase that begins several names ("React Native") does not
// outweigh the task.
func TestNamePhrase(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "async", Name: "async-interview-automation", Description: "Automate Async Interview tasks via Rube MCP (Composio)."},
		Doc{ID: "designer", Name: "interview-system-designer", Description: "Design an interview loop: candidates, video interview questions, role scorecards and the hiring panel."},
		Doc{ID: "asyncpy", Name: "async-python-patterns", Description: "Async Python patterns."},
		Doc{ID: "asyncrs", Name: "rust-async-patterns", Description: "Async Rust patterns."},
		Doc{ID: "asyncjs", Name: "async-js", Description: "Async JavaScript."},
		Doc{ID: "interviews", Name: "user-interviews", Description: "Run user interviews."},
		Doc{ID: "interviewprep", Name: "interview-prep", Description: "Prepare for a job interview."},
	)
	checkNameRule(t, docs, "Export the candidates from Async Interview",
		"async", func(tu *tuning) { tu.namePhrase = 0 })
}

// TestJoinedName: a service written dotted ("Scrape.do") or as two words
// the connector's name glues ("D2L Brightspace") is found by the name,
// while two plain English words glued ("landing page") stay a task.
func TestJoinedName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "scrapedo", Name: "scrape-do-automation", Description: "Automate Scrape Do tasks via Rube MCP (Composio)."},
		Doc{ID: "d2l", Name: "d2lbrightspace-automation", Description: "Automate D2lbrightspace tasks via Rube MCP (Composio)."},
		Doc{ID: "scraper", Name: "web-scraper", Description: "Fetch web pages through rotating proxies and parse them."},
		Doc{ID: "lms", Name: "course-gradebook", Description: "Pull course enrollments and gradebook entries from a learning platform."},
		Doc{ID: "lp", Name: "landingpage-automation", Description: "Automate Landingpage tasks via Rube MCP (Composio)."},
		Doc{ID: "copy", Name: "page-copywriter", Description: "Fix up the wording of a landing page so it reads better."},
	)
	// splitJoined would search "Scrape.do" as its parts: off too
	off := func(tu *tuning) { tu.joinedName, tu.splitJoined = false, false }
	checkNameRule(t, docs, "get a page through Scrape.do", "scrapedo", off)
	checkNameRule(t, docs, "pull the gradebook from D2L Brightspace", "d2l", off)
	ix := openMem(t, docs...)
	q := "improve the landing page"
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) == 0 || got[0] != "copy" {
		t.Errorf("Search(%q) = %v, want copy first: two English words glued are no service", q, got)
	}
}

// TestDottedName: a service written as its web address, glued
// ("Recall.ai" for recallai-automation) or with a last label the name
// leaves out ("cloudlayer.io", "astica.ai's"), or with a case ending
// after an apostrophe ("Mopinion'daki"), is found by the name.
func TestDottedName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "recall", Name: "recallai-automation", Description: "Automate Recallai tasks via Rube MCP (Composio)."},
		Doc{ID: "cloudlayer", Name: "cloudlayer-automation", Description: "Automate Cloudlayer tasks via Rube MCP (Composio)."},
		Doc{ID: "astica", Name: "astica-ai-automation", Description: "Automate Astica AI tasks via Rube MCP (Composio)."},
		Doc{ID: "gong", Name: "gong-automation", Description: "Record sales calls and get their transcripts and recordings."},
		Doc{ID: "pdf", Name: "pdf-tools", Description: "Merge, split and fill PDF forms."},
		Doc{ID: "vision", Name: "computer-vision", Description: "Train image classifiers for vision tasks."},
	)
	// splitJoined would search "astica.ai's" as its parts: off too
	off := func(tu *tuning) { tu.splitName, tu.splitJoined = false, false }
	checkNameRule(t, docs, "I want a Recall.ai bot to record our sales calls and hand me the transcript", "recall", off)
	checkNameRule(t, docs, "Use cloudlayer.io to render this HTML template to a PDF and return the download URL", "cloudlayer", off)
	checkNameRule(t, docs, "Use astica.ai's vision API to detect objects and generate captions for my images", "astica", off)
	// a name with a case ending after an apostrophe (Turkish)
	docs = append(docs,
		Doc{ID: "mopinion", Name: "mopinion-automation", Description: "Automate Mopinion tasks via Rube MCP (Composio)."},
		Doc{ID: "forms", Name: "web-forms", Description: "Build web site feedback forms and list their answers."},
	)
	checkNameRule(t, docs, "Mopinion'daki web sitesi geri bildirim formlarından gelen son yanıtları listele", "mopinion", off)
}

// TestSplitJoined: a word the tokenizer keeps whole across ':' or '.'
// that no document holds ("Re:amaze"; "customgtp.ai", a typo of a dotted
// name) is searched as its parts; a dotted word the catalog holds
// ("CLAUDE.md") stays whole.
func TestSplitJoined(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "reamaze", Name: "re-amaze-automation", Description: "Automate Re Amaze tasks via Rube MCP (Composio)."},
		Doc{ID: "customgpt", Name: "customgpt-automation", Description: "Automate Customgpt tasks via Rube MCP (Composio)."},
		Doc{ID: "gh", Name: "gh-conversations", Description: "Fetch open GitHub conversations and post a templated reply to each one."},
		Doc{ID: "bot", Name: "chatbot-builder", Description: "Build a support chatbot from help center articles."},
		Doc{ID: "claude", Name: "claude-md-improver", Description: "Audit and improve CLAUDE.md files."},
	)
	off := func(tu *tuning) { tu.splitJoined = false }
	checkNameRule(t, docs, "Fetch the open Re:amaze conversations tagged 'shipping delay' and post a templated reply to each one", "reamaze", off)
	checkNameRule(t, docs, "creat a customgtp.ai project from our sitemap", "customgpt", off)
	ix := openMem(t, docs...)
	r, err := ix.e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for q, want := range map[string]string{
		"edit my CLAUDE.md":       "edit my CLAUDE.md",
		"the Re:amaze inbox":      "the Re amaze inbox",
		"version 1.2 of re:AMAZE": "version 1.2 of re AMAZE",
		"no joiner here":          "no joiner here",
	} {
		got, err := splitJoined(context.Background(), r, q, &ix.tune)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("splitJoined(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestKeywordLeadName: a keyword query leading with a product named by an
// English word ("Sage accounting invoices API") finds the product's
// connector; a leading word many skills' text holds ("Abstract syntax
// tree parser") stays a word.
func TestKeywordLeadName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "sage", Name: "sage-automation", Description: "Automate Sage tasks via Rube MCP (Composio)."},
		Doc{ID: "books", Name: "books-automation", Description: "Create accounting invoices and bills through the books API."},
		Doc{ID: "xero", Name: "xero-automation", Description: "Automate Xero accounting: invoices, contacts and payments through its API."},
		Doc{ID: "abstract", Name: "abstract-automation", Description: "Automate Abstract tasks via Rube MCP (Composio)."},
		Doc{ID: "ast", Name: "ast-tools", Description: "Parse source code into a syntax tree and walk it with a parser."},
	)
	for i := range 25 {
		docs = append(docs, Doc{ID: fmt.Sprintf("paper%d", i), Name: fmt.Sprintf("paper-%d", i), Description: "Summarise research papers.",
			Body: "Read the abstract first, then the methods."})
	}
	checkNameRule(t, docs, "Sage accounting invoices API", "sage", func(tu *tuning) { tu.keywordLead = false })
	ix := openMem(t, docs...)
	q := "Abstract syntax tree parser"
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) == 0 || got[0] != "ast" {
		t.Errorf("Search(%q) = %v, want ast first: a word many skills hold is no product name", q, got)
	}
}

// TestGluedQuery: a name the query glues in camel case ("BigDataCloud's")
// finds the connector whose name splits it (big-data-cloud-automation).
func TestGluedQuery(t *testing.T) {
	if !camelCase([]rune("BigDataCloud")) || camelCase([]rune("NASA")) || camelCase([]rune("Tisane")) {
		t.Error("camelCase: want BigDataCloud only")
	}
	docs := append(filler(20),
		Doc{ID: "bdc", Name: "big-data-cloud-automation", Description: "Automate Big Data Cloud tasks via Rube MCP (Composio)."},
		Doc{ID: "maps", Name: "maps-automation", Description: "Reverse geocoding of coordinates into city and region."},
		Doc{ID: "clouds", Name: "big-data-clouds-report", Description: "Report on clouds."},
	)
	checkNameRule(t, docs, "look up an address with BigDataCloud's API", "bdc", func(tu *tuning) { tu.gluedQuery = false })
	// The name's first word may be shorter than three letters.
	docs = append(docs,
		Doc{ID: "mxt", Name: "mx-toolbox-automation", Description: "Automate Mx Toolbox tasks via Rube MCP (Composio)."},
		Doc{ID: "spam", Name: "email-deliverability", Description: "Keep emails out of spam: check the domain's blacklist status and SPF records."},
	)
	checkNameRule(t, docs, "my emails land in spam, use MxToolbox to check whether my domain is on a blacklist", "mxt", func(tu *tuning) { tu.gluedQuery = false })
}

// TestGluedLower: a service name written in lower case and glued
// ("nanonets") finds the one connector whose name splits it
// (nano-nets-automation); a lower-case word that glues no name, or the
// start of two names, searches no name.
func TestGluedLower(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "nano", Name: "nano-nets-automation", Description: "Automate Nano Nets tasks via Rube MCP (Composio)."},
		Doc{ID: "inv", Name: "invoice-organizer", Description: "Extract invoice fields from scanned PDFs and organize invoices into folders."},
		Doc{ID: "ocr", Name: "ocr-toolkit", Description: "OCR scanned documents into text."},
	)
	checkNameRule(t, docs, "extract invoice fields from scanned pdfs with nanonets ocr", "nano", func(tu *tuning) { tu.gluedLower = false })
	// Two names gluing the word: it names neither.
	two := append(docs, Doc{ID: "nano2", Name: "nano-nets-ocr", Description: "Read scanned pages."})
	ix := openMem(t, two...)
	r, err := ix.e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for w, want := range map[string]int{"nanonets": 2, "nanonet": 0, "nanonetsx": 0} {
		keys, err := r.NamesGluing(w, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != want {
			t.Errorf("NamesGluing(%q, 1) = %v, want %d names", w, keys, want)
		}
	}
	q := "extract invoice fields from scanned pdfs with nanonets ocr"
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) > 0 && got[0] == "nano" {
		t.Errorf("Search(%q) = %v: a word two names glue names neither", q, got)
	}
}

// TestRareProperBody: a service named by an English word the catalog's
// bodies use often ("magnetic", in science skills) but few names and
// descriptions hold is the one a request names when it writes the word as a
// name; written lower case it stays a task word.
func TestRareProperBody(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "magnetic", Name: "magnetic-automation", Description: "Automate Magnetic tasks via Rube MCP (Composio)."},
		Doc{ID: "harvest", Name: "harvest-automation", Description: "Track client jobs, logged hours and unbilled tasks for an agency."},
	)
	for i := range 8 {
		docs = append(docs, Doc{ID: fmt.Sprintf("mri%d", i), Name: fmt.Sprintf("imaging-%d", i), Description: "Medical imaging.",
			Body: "Magnetic resonance imaging uses a magnetic field."})
	}
	checkNameRule(t, docs, "list client jobs in Magnetic", "magnetic", func(tu *tuning) { tu.rareProperBody = false })
	ix := openMem(t, docs...)
	q := "list client jobs in magnetic"
	if got := ids(mustSearch(t, ix, Request{Query: q, Limit: 3}).Hits); len(got) > 0 && got[0] == "magnetic" {
		t.Errorf("Search(%q) = %v: a lower-case word is no name", q, got)
	}
}

// TestRareOutName: a request naming a service ("imgix") whose task words a
// generic skill shares, the service mentioned only in that skill's body,
// wants the connector named after the service (its text only names the
// service). The catalog is large enough, and its task words common enough,
// for the service's name to be a rare word among common ones, as in a real
// catalog; with the rare name weighing alike wherever a skill holds it,
// the generic skill's task words win.
func TestRareOutName(t *testing.T) {
	docs := filler(300)
	for i, d := range []string{"Edit product images for a shop.", "Resize and crop images in bulk.", "Build image galleries.",
		"Format product photos for the web.", "Purge cached files of a site.", "Detect faces in images."} {
		for j := range 4 {
			docs = append(docs, Doc{ID: fmt.Sprintf("task/%d-%d", i, j), Name: fmt.Sprintf("image-tools-%d-%d", i, j), Description: d})
		}
	}
	docs = append(docs,
		Doc{ID: "imgix", Name: "imgix-automation", Description: "Automate Imgix tasks via Rube MCP (Composio). Always search tools first for current schemas.",
			Body: "# Imgix Automation\n\nAutomate Imgix operations through Composio's Imgix toolkit via Rube MCP."},
		Doc{ID: "image", Name: "image", Description: "Create product images and banners for marketing campaigns.",
			Body: "Serve them from a CDN such as imgix, resized for each placement."},
	)
	q := "Build imgix URLs for the product images, resized to 800px wide and cropped to faces, then purge the cached version of hero.jpg"
	checkNameRule(t, docs, q, "imgix", func(tu *tuning) { tu.rareOutName = 0 })
}

// TestGluedSnake: a toolkit id written in snake case ("composio_search")
// finds the one connector whose name its words glue
// (composio-search-automation) over skills that share the query's other
// words, though the analyzer splits it into two common words.
func TestGluedSnake(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "cs", Name: "composio-search-automation", Description: "Automate Composio Search tasks via Rube MCP (Composio)."},
		Doc{ID: "comp", Name: "composio-automation", Description: "Automate Composio tasks via Rube MCP (Composio)."},
		Doc{ID: "news", Name: "news-search", Description: "Search this week's news and pull the results with their source links."},
		Doc{ID: "web", Name: "web-search", Description: "Search the web and pull this week's results with source links."},
	)
	checkNameRule(t, docs, "use the composio_search toolkit to pull this week's news results with the source links", "cs", func(tu *tuning) { tu.gluedSnake = false })
}

// TestNegatedName: a name the query rules out ("not SerpApi", "instead
// of Jira") counts for no skill, so the skill the rest of the query
// describes wins; words that are no name ("not working") stay.
func TestNegatedName(t *testing.T) {
	docs := append(filler(20),
		Doc{ID: "serp", Name: "serpapi-automation", Description: "Automate SerpApi tasks via Rube MCP (Composio)."},
		Doc{ID: "news", Name: "news-digest", Description: "Collect news on a topic, with links."},
	)
	checkNameRule(t, docs, "collect news on AI regulation, with links (not SerpApi)", "news", func(tu *tuning) { tu.negatedNames = false })
	for in, want := range map[string]string{
		"use Linear instead of Jira Cloud for the sprint": "use Linear instead of for the sprint",
		"search news (not SerpApi) with links":            "search news (not) with links",
		"the build is not working, rather than by hand":   "the build is not working, rather than by hand",
		"Not Python but Go":                               "Not but Go",
		"it is not I who broke it":                        "it is not I who broke it",
	} {
		if got := dropNegatedNames(in); got != want {
			t.Errorf("dropNegatedNames(%q) = %q, want %q", in, got, want)
		}
	}
}
