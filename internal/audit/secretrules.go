package audit

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// The committed-secret rule runs gitleaks' default ruleset without
// gitleaks' dependency tree (configuration loaders, archive readers,
// terminal styling: about half the binary's modules). gitleaks/gitleaks.toml
// is gitleaks' config/gitleaks.toml, unchanged, from the version named
// by gitleaksRulesVersion (MIT licence: gitleaks/LICENSE); it is parsed
// here and run the way gitleaks' detector runs a fragment with no file
// path and no decoding: rules prefiltered by their keywords, the secret
// taken from the rule's secret group (else the first non-empty group),
// Shannon entropy compared with the rule's threshold, then the global
// and the rule's allowlists (regexes against the secret, the match or
// the line; stopwords; "and"/"or" conditions), and generic rules' finds
// dropped where a specific rule found the same secret on the same line.
// To update: copy config/gitleaks.toml of a new gitleaks release over
// gitleaks/gitleaks.toml, set gitleaksRulesVersion, and run the tests
// (TestSecretRules holds known secrets of several providers and benign
// look-alikes; TestRulesVersion the labelled set's findings).

//go:embed gitleaks/gitleaks.toml
var gitleaksTOML []byte

// gitleaksRulesVersion is the gitleaks release gitleaks/gitleaks.toml
// comes from; cached findings are keyed by it.
const gitleaksRulesVersion = "v8.30.1"

// secretRule is one rule of the ruleset, compiled.
type secretRule struct {
	id          string
	re          *regexp.Regexp
	secretGroup int
	entropy     float64
	keywords    []string // lower-case
	allowlists  []*secretAllowlist
	// pathOnly rules match file paths, never content; pathRestricted
	// rules match content only in files whose path matches. The
	// audit gives gitleaks no path (as DetectString), so neither runs.
	pathOnly, pathRestricted bool
	skipReport               bool
}

// secretAllowlist is an allowlist of the ruleset.
type secretAllowlist struct {
	and       bool
	target    string // "secret" (default), "match" or "line"
	regex     *regexp.Regexp
	stopwords []string // lower-case
	// paths and commits never allow a finding here (there is no path
	// or commit), but under "and" they make the allowlist unsatisfiable.
	hasPaths, hasCommits bool
}

// secretRuleset is the compiled ruleset.
type secretRuleset struct {
	rules    []*secretRule
	global   []*secretAllowlist
	keywords []string // every rule's keywords, lower-case, sorted
}

// gitleaks' configuration file, as far as the audit reads it.
type tomlRuleset struct {
	Rules      []tomlRule       `toml:"rules"`
	Allowlist  *tomlAllowlist   `toml:"allowlist"`
	Allowlists []*tomlAllowlist `toml:"allowlists"`
}

type tomlRule struct {
	ID          string           `toml:"id"`
	Path        string           `toml:"path"`
	Regex       string           `toml:"regex"`
	SecretGroup int              `toml:"secretGroup"`
	Entropy     float64          `toml:"entropy"`
	Keywords    []string         `toml:"keywords"`
	Allowlist   *tomlAllowlist   `toml:"allowlist"`
	Allowlists  []*tomlAllowlist `toml:"allowlists"`
	Required    []struct {
		ID string `toml:"id"`
	} `toml:"required"`
	SkipReport bool `toml:"skipReport"`
}

type tomlAllowlist struct {
	Condition   string   `toml:"condition"`
	Commits     []string `toml:"commits"`
	Paths       []string `toml:"paths"`
	RegexTarget string   `toml:"regexTarget"`
	Regexes     []string `toml:"regexes"`
	StopWords   []string `toml:"stopwords"`
	TargetRules []string `toml:"targetRules"`
}

// parseSecretRuleset reads a gitleaks configuration. Errors name the
// rule or allowlist at fault.
func parseSecretRuleset(data []byte) (*secretRuleset, error) {
	var doc tomlRuleset
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("gitleaks ruleset: %w", err)
	}
	rs := &secretRuleset{}
	byID := map[string]*secretRule{}
	kw := map[string]bool{}
	for _, tr := range doc.Rules {
		if len(tr.Required) > 0 {
			// multi-part rules are not implemented: fail loudly on a
			// ruleset that starts using them
			return nil, fmt.Errorf("gitleaks rule %s: [[rules.required]] (multi-part rules) is not supported", tr.ID)
		}
		r := &secretRule{id: tr.ID, secretGroup: tr.SecretGroup, entropy: tr.Entropy, skipReport: tr.SkipReport}
		if tr.Regex != "" {
			re, err := regexp.Compile(tr.Regex)
			if err != nil {
				return nil, fmt.Errorf("gitleaks rule %s: %w", tr.ID, err)
			}
			r.re = re
		}
		r.pathOnly = tr.Path != "" && tr.Regex == ""
		r.pathRestricted = tr.Path != "" && tr.Regex != ""
		for _, k := range tr.Keywords {
			k = strings.ToLower(k)
			r.keywords = append(r.keywords, k)
			kw[k] = true
		}
		lists := tr.Allowlists
		if tr.Allowlist != nil {
			lists = append(lists, tr.Allowlist)
		}
		for _, ta := range lists {
			a, err := parseAllowlist(ta)
			if err != nil {
				return nil, fmt.Errorf("gitleaks rule %s allowlist: %w", tr.ID, err)
			}
			r.allowlists = append(r.allowlists, a)
		}
		rs.rules = append(rs.rules, r)
		byID[r.id] = r
	}
	globals := doc.Allowlists
	if doc.Allowlist != nil {
		globals = append(globals, doc.Allowlist)
	}
	for _, ta := range globals {
		a, err := parseAllowlist(ta)
		if err != nil {
			return nil, fmt.Errorf("gitleaks global allowlist: %w", err)
		}
		if len(ta.TargetRules) == 0 {
			rs.global = append(rs.global, a)
			continue
		}
		for _, id := range ta.TargetRules {
			r, ok := byID[id]
			if !ok {
				return nil, fmt.Errorf("gitleaks allowlist targets rule %q, which does not exist", id)
			}
			r.allowlists = append(r.allowlists, a)
		}
	}
	for k := range kw {
		rs.keywords = append(rs.keywords, k)
	}
	sort.Strings(rs.keywords)
	return rs, nil
}

func parseAllowlist(ta *tomlAllowlist) (*secretAllowlist, error) {
	a := &secretAllowlist{target: ta.RegexTarget, hasPaths: len(ta.Paths) > 0, hasCommits: len(ta.Commits) > 0}
	switch strings.ToUpper(ta.Condition) {
	case "AND", "&&":
		a.and = true
	case "", "OR", "||":
	default:
		return nil, fmt.Errorf("unknown condition %q (expected and, or)", ta.Condition)
	}
	if len(ta.Regexes) > 0 {
		// one pattern of the alternatives, as gitleaks joins them
		parts := make([]string, len(ta.Regexes))
		for i, r := range ta.Regexes {
			parts[i] = "(?:" + r + ")"
		}
		re, err := regexp.Compile(strings.Join(parts, "|"))
		if err != nil {
			return nil, err
		}
		a.regex = re
	}
	for _, w := range ta.StopWords {
		a.stopwords = append(a.stopwords, strings.ToLower(w))
	}
	return a, nil
}

// secretFind is one secret found in a fragment.
type secretFind struct {
	RuleID string
	// Match is the text the rule matched; Secret the part of it that is
	// the credential.
	Match, Secret string
	// StartLine is 0-based within the fragment; Offset is the byte
	// offset of Match in it.
	StartLine, Offset int
}

// detect returns the secrets in fragment, as gitleaks' DetectString
// would with this ruleset.
func (rs *secretRuleset) detect(fragment string) []secretFind {
	lower := strings.ToLower(fragment)
	var out []secretFind
	for _, r := range rs.rules {
		if r.re == nil || r.pathOnly || r.pathRestricted || r.skipReport {
			continue
		}
		if len(r.keywords) > 0 {
			found := false
			for _, k := range r.keywords {
				if strings.Contains(lower, k) {
					found = true
					break
				}
			}
			if !found {
				continue
			}
		}
		out = append(out, rs.detectRule(r, fragment)...)
	}
	return dropGeneric(out)
}

func (rs *secretRuleset) detectRule(r *secretRule, fragment string) []secretFind {
	var out []secretFind
	for _, m := range r.re.FindAllStringIndex(fragment, -1) {
		secret := strings.Trim(fragment[m[0]:m[1]], "\n")
		end := m[0] + len(secret)
		off := m[0] + len(fragment[m[0]:m[1]]) - len(strings.TrimLeft(fragment[m[0]:m[1]], "\n"))
		line, lineStart, lineEnd := lineOfMatch(fragment, m[0], end)
		match := secret
		if strings.Contains(fragment[lineStart:lineEnd], "gitleaks:allow") {
			continue
		}
		if groups := r.re.FindStringSubmatch(secret); len(groups) >= 2 {
			if r.secretGroup > 0 {
				if len(groups) <= r.secretGroup {
					continue
				}
				secret = groups[r.secretGroup]
			} else {
				for _, g := range groups[1:] {
					if g != "" {
						secret = g
						break
					}
				}
			}
		}
		if r.entropy != 0 && shannonEntropy(secret) <= r.entropy {
			continue
		}
		f := secretFind{RuleID: r.id, Match: match, Secret: secret, StartLine: line, Offset: off}
		lineText := fragment[lineStart:lineEnd]
		if allowed(rs.global, f, lineText) || allowed(r.allowlists, f, lineText) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// lineOfMatch returns the 0-based line of byte offset start and the
// span gitleaks calls the finding's line: from the newline before the
// match (inclusive) to the newline after its end.
func lineOfMatch(s string, start, end int) (line, lineStart, lineEnd int) {
	line = strings.Count(s[:start], "\n")
	lineStart = max(0, strings.LastIndexByte(s[:start], '\n'))
	if i := strings.IndexAny(s[end:], "\n"); i >= 0 {
		lineEnd = end + i
	} else {
		lineEnd = len(s)
		if i := strings.IndexByte(s[end:], '\r'); i >= 0 {
			lineEnd = end + i
		}
	}
	return line, lineStart, lineEnd
}

// allowed reports whether any allowlist lets a find through.
func allowed(lists []*secretAllowlist, f secretFind, line string) bool {
	for _, a := range lists {
		target := f.Secret
		switch a.target {
		case "match":
			target = f.Match
		case "line":
			target = line
		}
		re := a.regex != nil && target != "" && a.regex.MatchString(target)
		stop := false
		if f.Secret != "" && len(a.stopwords) > 0 {
			ls := strings.ToLower(f.Secret)
			for _, w := range a.stopwords {
				if strings.Contains(ls, w) {
					stop = true
					break
				}
			}
		}
		if a.and {
			// no path or commit here: an allowlist that needs one never
			// allows
			if a.hasPaths || a.hasCommits {
				continue
			}
			ok := a.regex != nil || len(a.stopwords) > 0
			if a.regex != nil && !re || len(a.stopwords) > 0 && !stop {
				ok = false
			}
			if ok {
				return true
			}
			continue
		}
		if re || stop {
			return true
		}
	}
	return false
}

// dropGeneric drops a generic rule's find where a specific rule found a
// secret containing it on the same line, as gitleaks does.
func dropGeneric(fs []secretFind) []secretFind {
	var out []secretFind
	for _, f := range fs {
		keep := true
		if strings.Contains(strings.ToLower(f.RuleID), "generic") {
			for _, g := range fs {
				if f.StartLine == g.StartLine && f.RuleID != g.RuleID && strings.Contains(g.Secret, f.Secret) && !strings.Contains(strings.ToLower(g.RuleID), "generic") {
					keep = false
					break
				}
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

// shannonEntropy is the Shannon entropy of s in bits per character
// (gitleaks' measure: rune frequencies over the byte length).
func shannonEntropy(s string) float64 {
	if s == "" {
		return 0
	}
	counts := map[rune]int{}
	for _, c := range s {
		counts[c]++
	}
	inv := 1.0 / float64(len(s))
	e := 0.0
	for _, n := range counts {
		p := float64(n) * inv
		e -= p * math.Log2(p)
	}
	return e
}
