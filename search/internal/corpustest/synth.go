package corpustest

import (
	"fmt"
	"math/rand"
	"strings"
)

// Synth makes synthetic skills with a Zipf vocabulary: names of 2-3
// words, descriptions of ~25 words, 0-4 tags and, when body is set, bodies
// of ~1,600 words (~11 KB, the size of a typical SKILL.md body).
type Synth struct {
	vocab []string
	zipf  *rand.Zipf
	rng   *rand.Rand
}

// NewSynth is a Synth whose output is fixed by seed.
func NewSynth(seed int64) *Synth {
	rng := rand.New(rand.NewSource(seed))
	const nv = 20000
	vocab := make([]string, nv)
	letters := "abcdefghijklmnopqrstuvwxyz"
	for i := range vocab {
		n := 3 + rng.Intn(8)
		var b strings.Builder
		for j := 0; j < n; j++ {
			b.WriteByte(letters[rng.Intn(len(letters))])
		}
		vocab[i] = b.String()
	}
	// As in English, the most frequent words are stop words, which the
	// analyzer drops from both documents and queries.
	copy(vocab, synthStopWords)
	return &Synth{vocab: vocab, zipf: rand.NewZipf(rng, 1.1, 2, nv-1), rng: rng}
}

// Words are n words of the Zipf vocabulary.
func (s *Synth) Words(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s.vocab[s.zipf.Uint64()]
	}
	return out
}

// Docs are n skills, with bodies when body is set.
func (s *Synth) Docs(n int, body bool) []Doc {
	docs := make([]Doc, n)
	for i := range docs {
		d := Doc{
			ID:          fmt.Sprintf("repo%d/skills/skill-%05d", i%17, i),
			Name:        strings.Join(s.Words(2+s.rng.Intn(2)), "-"),
			Description: strings.Join(s.Words(15+s.rng.Intn(20)), " "),
			Tags:        s.Words(s.rng.Intn(5)),
		}
		if body {
			var b strings.Builder
			for p := 0; p < 40; p++ {
				b.WriteString("## ")
				b.WriteString(strings.Join(s.Words(4), " "))
				b.WriteString("\n\n")
				b.WriteString(strings.Join(s.Words(36), " "))
				b.WriteString(".\n\n")
			}
			d.Body = b.String()
		}
		docs[i] = d
	}
	return docs
}

// Queries are n queries of 2-6 words drawn from the same distribution as the text.
func (s *Synth) Queries(n int) []string {
	qs := make([]string, n)
	for i := range qs {
		qs[i] = strings.Join(s.Words(2+s.rng.Intn(5)), " ")
	}
	return qs
}

var synthStopWords = strings.Fields(`the of and to a in is that for it as was with be by on not he
	this are or his from at which but have an they you were her she there been one all we their
	its if has will would can more when so no`)
