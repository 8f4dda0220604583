package audit

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSecretRules runs the vendored gitleaks ruleset over known secret
// formats of several providers (random values made by a seeded
// generator, so no real credential is in the repository) and over the
// look-alikes documentation uses, which it must not report.
func TestSecretRules(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{'s', 'k', 'i', 'l', 'l', 'd', 'e', 'x'}))
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	rnd := func(n int, set string) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = set[rng.IntN(len(set))]
		}
		return string(b)
	}
	upperDigits := "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	keyBytes := make([]byte, 600)
	for i := range keyBytes {
		keyBytes[i] = byte(rng.IntN(256))
	}
	pem := base64.StdEncoding.EncodeToString(keyBytes)
	var body strings.Builder
	for i := 0; i < len(pem); i += 64 {
		body.WriteString(pem[i:min(i+64, len(pem))] + "\n")
	}
	rs, err := secretRules()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.rules) < 150 {
		t.Fatalf("only %d rules parsed from the gitleaks ruleset", len(rs.rules))
	}
	secrets := []struct{ rule, text string }{
		{"aws-access-token", "aws_access_key_id = AKIA" + rnd(16, upperDigits) + "\n"},
		{"github-pat", "export GITHUB_TOKEN=ghp_" + rnd(36, alnum) + "\n"},
		{"gitlab-pat", "token: glpat-" + rnd(20, alnum) + "\n"},
		{"slack-bot-token", "SLACK_BOT_TOKEN=xoxb-" + rnd(12, "0123456789") + "-" + rnd(13, "0123456789") + "-" + rnd(24, alnum) + "\n"},
		{"stripe-access-token", "stripe.api_key = \"sk_live_" + rnd(32, alnum) + "\"\n"},
		{"anthropic-api-key", "ANTHROPIC_API_KEY=sk-ant-api03-" + rnd(93, alnum) + "AA\n"},
		{"npm-access-token", "//registry.npmjs.org/:_authToken=npm_" + rnd(36, "abcdefghijklmnopqrstuvwxyz0123456789") + "\n"},
		{"private-key", "-----BEGIN RSA PRIVATE KEY-----\n" + body.String() + "-----END RSA PRIVATE KEY-----\n"},
	}
	for _, c := range secrets {
		found := rs.detect(c.text)
		ok := false
		for _, f := range found {
			ok = ok || f.RuleID == c.rule
		}
		if !ok {
			t.Errorf("%s not found in %q: %+v", c.rule, c.text[:min(len(c.text), 60)], found)
		}
	}
	benign := []string{
		"aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n",                     // AWS's documented example key
		"export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", // low entropy
		"export GITHUB_TOKEN=ghp_your_token_here\n",
		"stripe.api_key = \"sk_test_...\"\n",
		"-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n",
		"-----BEGIN PUBLIC KEY-----\n" + body.String() + "-----END PUBLIC KEY-----\n",
		"SLACK_BOT_TOKEN=xoxb-your-bot-token\n",
		"commit 3f2a9c1e4b5d6f7081a2b3c4d5e6f708192a3b4c\n",
		"sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n",
		"token = ghp_" + rnd(36, alnum) + " # gitleaks:allow\n",
	}
	for _, text := range benign {
		if found := rs.detect(text); len(found) > 0 {
			t.Errorf("look-alike reported: %q: %+v", text[:min(len(text), 60)], found)
		}
	}
}

// TestSecretRulesetErrors: a ruleset the parser cannot run is an error
// naming the rule, not a silent gap.
func TestSecretRulesetErrors(t *testing.T) {
	for _, bad := range []string{
		"[[rules]]\nid = \"x\"\nregex = '''(['''\n",
		"[[rules]]\nid = \"x\"\nregex = '''a'''\n[[rules.required]]\nid = \"y\"\n",
		"[[rules]]\nid = \"x\"\nregex = '''a'''\n[[rules.allowlists]]\ncondition = \"xor\"\nregexes = ['''b''']\n",
		"[[allowlists]]\ntargetRules = [\"nope\"]\nregexes = ['''b''']\n",
		"rules = 3\n",
	} {
		if _, err := parseSecretRuleset([]byte(bad)); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
