package search

import (
	"reflect"
	"testing"
)

// TestThesaurusMoreLanguages: a query written wholly in Korean, Russian,
// Vietnamese, Italian, Dutch, Turkish or Hindi shares no word with an
// English catalog; the thesaurus's lines for those languages map its words
// to the English ones the right skill is written in. Each query finds
// nothing without them (checked below with the thesaurus off).
func TestThesaurusMoreLanguages(t *testing.T) {
	ix := openMem(t, append(filler(20),
		Doc{ID: "security", Name: "security-audit", Description: "Audit code for security vulnerabilities and insecure patterns."},
		Doc{ID: "invoice", Name: "invoice-generator", Description: "Create invoices for customers and track payments."},
		Doc{ID: "migration", Name: "database-migration", Description: "Plan and run database schema migrations safely."},
		Doc{ID: "injection", Name: "prompt-injection-defense", Description: "Test an LLM chatbot against prompt injection and jailbreak attacks."},
		Doc{ID: "translate", Name: "translator", Description: "Translate documents between languages."})...)
	for q, want := range map[string]string{
		"코드의 보안 취약점을 찾아 주세요":                   "security",
		"챗봇이 탈옥과 인젝션에 당했어요":                    "injection",
		"найти уязвимости безопасности в коде": "security",
		"tạo hóa đơn cho khách hàng":           "invoice",
		"migrazione della banca dati":          "migration",
		"een factuur voor een klant":           "invoice",
		"veritabanı taşıma":                    "migration",
		"दस्तावेज़ का अनुवाद":                  "translate",
	} {
		res := mustSearch(t, ix, Request{Query: q})
		if len(res.Hits) == 0 || res.Hits[0].ID != want {
			t.Errorf("%q: hits %v, want %s first", q, ids(res.Hits), want)
		}
	}
	ix.tune.concept = 0
	if res := mustSearch(t, ix, Request{Query: "tạo hóa đơn cho khách hàng"}); len(res.Hits) != 0 {
		t.Errorf("without the thesaurus a Vietnamese query should find nothing (the test no longer exercises it): %v", ids(res.Hits))
	}
}

// TestHangulTriggerPrefix: Korean writes particles and endings onto the
// word (챗봇이, 인젝션에), and the analyzer keeps a hangul word whole, so a
// hangul trigger matches a query word it begins; other scripts still
// need the whole word.
func TestHangulTriggerPrefix(t *testing.T) {
	terms := []string{"챗봇이", "인젝션에", "agents"}
	for w, want := range map[string]int{"챗봇": 0, "인젝션": 1, "챗": -1, "봇이": -1, "agent": -1, "agents": 2} {
		if got := conceptTermIndex(terms, w); got != want {
			t.Errorf("conceptTermIndex(%q) = %d, want %d", w, got, want)
		}
	}
	if got, want := hangulPrefixes("인젝션에"), []string{"인젝", "인젝션"}; !reflect.DeepEqual(got, want) {
		t.Errorf("hangulPrefixes = %q, want %q", got, want)
	}
	if got := hangulPrefixes("agents"); got != nil {
		t.Errorf("hangulPrefixes(agents) = %q, want none", got)
	}
}

// TestForeignStopsMoreLanguages: Turkish, Swedish, Russian and Indonesian
// queries are told by their stop words as the first six languages are.
func TestForeignStopsMoreLanguages(t *testing.T) {
	for q, want := range map[string][]string{
		"bu proje için bir veritabanı ve yedekleme planı":         {"bu", "için", "bir", "ve"},
		"skriv en rapport om och för vår försäljning":             {"en", "om", "och", "för", "vår"},
		"нужно проверить код на уязвимости и для безопасности":    {"на", "для", "и"},
		"buat laporan penjualan dan analisis untuk tim yang baru": {"buat", "dan", "yang"},
	} {
		if got := foreignStops(q); !reflect.DeepEqual(got, want) {
			t.Errorf("foreignStops(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestCJKTriggerContiguous: a Chinese or Japanese trigger must be one run
// of the query; its character pairs scattered over other words
// (メーカー and ルール hold メー and ール) do not make メール.
func TestCJKTriggerContiguous(t *testing.T) {
	for _, c := range []struct {
		phrase, text string
		want         bool
	}{
		{"メール", "メールを送る", true},
		{"メール", "メーカーのルール", false},
		{"数据库", "优化数据库查询", true},
		{"数据库", "数据仓库", false},
		{"base datos", "base de datos", true},
		{"단위 테스트", "단위 테스트를", true},
	} {
		if got := cjkContiguous(c.phrase, c.text); got != c.want {
			t.Errorf("cjkContiguous(%q, %q) = %v, want %v", c.phrase, c.text, got, c.want)
		}
	}
	ix := openMem(t, append(filler(20),
		Doc{ID: "email", Name: "email-sequence", Description: "Write email sequences."},
		Doc{ID: "rules", Name: "document-control", Description: "Numbering rules and revision control for quality documents."})...)
	res := mustSearch(t, ix, Request{Query: "メーカーのルール"})
	for _, h := range res.Hits {
		if h.ID == "email" {
			t.Errorf("メーカーのルール found the email skill through メール's pairs: %v", ids(res.Hits))
		}
	}
}
