// Command gensyn writes search/data/synonyms.txt from WordNet 3.0's
// database files (Debian's wordnet-base package, /usr/share/wordnet):
//
//	go run ./search/data/gensyn /usr/share/wordnet > search/data/synonyms.txt
//
// For every single-word, letters-only, lower-case lemma of index.noun,
// index.verb, index.adj and index.adv, it takes the lemma's first (most
// frequent) sense in each part of speech, in that order, and lists the
// other single-word, letters-only, lower-case words of those synsets that
// do not contain the lemma itself ("pokeweed" for "poke"), at most 4,
// as "lemma syn1 syn2 ...", sorted by lemma (byte order). Lemmas without
// such a synonym are left out.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const maxSyn = 4

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gensyn WORDNET_DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "gensyn:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	syn := map[string][]string{}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		words, err := synsetWords(filepath.Join(dir, "data."+pos))
		if err != nil {
			return err
		}
		f, err := os.Open(filepath.Join(dir, "index."+pos))
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, " ") {
				continue // licence header
			}
			fs := strings.Fields(line)
			if len(fs) < 4 || !plain(fs[0]) {
				continue
			}
			lemma := fs[0]
			// lemma pos synset_cnt p_cnt [ptr...] sense_cnt tagsense_cnt offsets...
			pcnt, err := strconv.Atoi(fs[3])
			if err != nil || len(fs) < 4+pcnt+3 {
				continue
			}
			first := fs[4+pcnt+2]
			for _, w := range words[first] {
				if w != lemma && !strings.Contains(w, lemma) && !contains(syn[lemma], w) && len(syn[lemma]) < maxSyn {
					syn[lemma] = append(syn[lemma], w)
				}
			}
			if _, ok := syn[lemma]; !ok {
				syn[lemma] = nil
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return err
		}
	}
	keys := make([]string, 0, len(syn))
	for k, v := range syn {
		if len(v) > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	w := bufio.NewWriter(os.Stdout)
	for _, k := range keys {
		fmt.Fprintf(w, "%s %s\n", k, strings.Join(syn[k], " "))
	}
	return w.Flush()
}

// synsetWords maps each synset offset of a data.* file to its plain words.
func synsetWords(path string) (map[string][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") {
			continue
		}
		fs := strings.Fields(line)
		// offset lex_filenum ss_type w_cnt(hex) word lex_id ...
		if len(fs) < 4 {
			continue
		}
		n, err := strconv.ParseInt(fs[3], 16, 32)
		if err != nil || len(fs) < 4+2*int(n) {
			continue
		}
		var ws []string
		for i := 0; i < int(n); i++ {
			w := fs[4+2*i]
			if j := strings.IndexByte(w, '('); j > 0 { // adjective markers: "big(a)"
				w = w[:j]
			}
			if plain(w) {
				ws = append(ws, w)
			}
		}
		out[fs[0]] = ws
	}
	return out, sc.Err()
}

// plain reports whether w is lower-case ASCII letters only.
func plain(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
