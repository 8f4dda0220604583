package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/embed/embedtest"
	"github.com/skilldex/skilldex/internal/mcpshare"
)

// hybridRoot holds skills of which the timing-attack one shares no word
// with hybridQuery (the lexical search misses it), and others.
func hybridRoot(t *testing.T) string {
	root := t.TempDir()
	writeSkill(t, root, "constant-time-review", "Review cryptographic code for side channels and constant-time comparisons.")
	writeSkill(t, root, "file-decrypt", "Decrypt files encrypted with age or gpg.")
	writeSkill(t, root, "sourdough", "Bake sourdough bread with a starter.")
	writeSkill(t, root, "signup-funnel", "Improve signup conversion and form completion.")
	for i, d := range []string{"Plan a vegetable garden bed.", "Write a haiku about the sea.", "Tune a guitar by ear.",
		"Fold a paper crane.", "Brew pour-over coffee.", "Knit a scarf for winter.", "Train a puppy to sit.", "Paint a watercolour sky."} {
		writeSkill(t, root, fmt.Sprintf("hobby-%d", i), d)
	}
	return root
}

const hybridQuery = "the attacker measures how long decryption takes"

type hybridHit struct {
	Name       string              `json:"name"`
	Similarity float64             `json:"similarity"`
	Matched    map[string][]string `json:"matched"`
}

type hybridResult struct {
	Hits          []hybridHit `json:"hits"`
	Hybrid        bool        `json:"hybrid"`
	SemanticError string      `json:"semantic_error"`
	NoGoodMatch   bool        `json:"no_good_match"`
}

// TestHybridSearchCLI: with --embeddings-url and --embeddings-model
// naming a real embedding model (the Universal Sentence Encoder lite
// behind an OpenAI-compatible endpoint, tests/embedserver), skilldex
// search finds the skill that shares no word with the query, says it was
// found by meaning (similarity, no matched words; "similar" in a
// terminal), and caches the vectors in the data dir; the same search
// without the flags does not find it. An endpoint that does not answer
// leaves the search lexical, says so, and exits 0.
func TestHybridSearchCLI(t *testing.T) {
	url := embedtest.Start(t)
	root := hybridRoot(t)
	bin := binary(t) // before fakeUser moves out of the module
	_, home := fakeUser(t)
	flags := []string{"--embeddings-url", url, "--embeddings-model", embedtest.Model}

	var lex hybridResult
	mustJSON(t, cli(t, "search", "--mem", "--json", "--dir", root, hybridQuery), &lex)
	if lex.Hybrid || slices.ContainsFunc(lex.Hits, func(h hybridHit) bool { return h.Name == "constant-time-review" }) {
		t.Fatalf("lexical search already finds the timing skill: %+v", lex)
	}

	var hy hybridResult
	mustJSON(t, cli(t, append([]string{"search", "--mem", "--json", "--dir", root}, append(flags, hybridQuery)...)...), &hy)
	i := slices.IndexFunc(hy.Hits, func(h hybridHit) bool { return h.Name == "constant-time-review" })
	if !hy.Hybrid || hy.SemanticError != "" || i < 0 || i > 2 {
		t.Fatalf("hybrid search: %+v, want constant-time-review in the first three", hy)
	}
	if h := hy.Hits[i]; h.Similarity <= 0 || len(h.Matched) != 0 {
		t.Errorf("the hit found by meaning: %+v, want a similarity and no matched words", h)
	}
	for _, h := range hy.Hits[:i] {
		if strings.HasPrefix(h.Name, "hobby-") {
			t.Errorf("an unrelated skill ranks above the timing skill: %+v", hy.Hits)
		}
	}
	cache := filepath.Join(home, ".cache", "skilldex", "embeddings.db")
	if st, err := os.Stat(cache); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("embeddings cache %s: %v %v", cache, st, err)
	}

	// In a terminal, the hit found by meaning says "similar".
	ptmx, tty, err := pty.Open()
	must(t, err)
	defer ptmx.Close()
	must(t, pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: 120}))
	cmd := exec.Command(bin, append([]string{"search", "--mem", "--dir", root}, append(flags, hybridQuery)...)...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = tty, &stderr
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	must(t, cmd.Run())
	buf := make([]byte, 1<<16)
	must(t, ptmx.SetReadDeadline(time.Now().Add(30*time.Second))) // only catches a hang
	n, err := ptmx.Read(buf)
	must(t, err)
	out := ansi.ReplaceAllString(string(buf[:n]), "")
	line := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "constant-time-review") {
			line = l
		}
	}
	if !strings.Contains(line, "similar") {
		t.Errorf("terminal row of the hit found by meaning: %q\n%s\nstderr: %s", line, out, stderr.String())
	}

	// eval says how many queries were searched hybrid.
	qfile := filepath.Join(t.TempDir(), "q.tsv")
	writeFile(t, qfile, "query\texpected\n"+hybridQuery+"\tconstant-time-review\n")
	ev := cli(t, append([]string{"eval", "--mem", "--dir", root}, append(flags, qfile)...)...)
	if ev.code != 0 || !strings.Contains(ev.stdout, "hybrid search (embedding model) on 1 of 1 queries") {
		t.Errorf("eval with an embedding model: exit %d\n%s%s", ev.code, ev.stdout, ev.stderr)
	}
	if ev := cli(t, "eval", "--mem", "--dir", root, qfile); strings.Contains(ev.stdout, "hybrid") {
		t.Errorf("eval without one speaks of hybrid search:\n%s", ev.stdout)
	}

	// An endpoint nobody answers: lexical results, said on stderr.
	down := cli(t, "search", "--mem", "--dir", root, "--embeddings-url", "http://127.0.0.1:1/v1", "--embeddings-model", "m", hybridQuery)
	if down.code != 0 || !strings.Contains(down.stdout, "file-decrypt") || !strings.Contains(down.stderr, "hybrid search") {
		t.Errorf("search with an endpoint that does not answer: exit %d\nstdout %s\nstderr %s", down.code, down.stdout, down.stderr)
	}
	// A URL without a model is refused up front.
	if r := cli(t, "search", "--mem", "--dir", root, "--embeddings-url", url, hybridQuery); r.code == 0 || !strings.Contains(r.stderr, "--embeddings-model") {
		t.Errorf("--embeddings-url without a model: exit %d: %s", r.code, r.stderr)
	}
}

// TestHybridSharedServer: an agent session started with embeddings
// configured (SKILLDEX_EMBEDDINGS_URL/MODEL, as an agent's MCP entry
// sets them, and the endpoint's key in a config file the session names)
// gets a shared server whose search is hybrid (the key reaches it), and a
// one-shot search of the same configuration and an MCP client's
// search_skills (hits found by meaning carry their similarity) are
// answered by that server;
// a session without them gets a server of its own (a lexical one), not
// the hybrid one.
func TestHybridSharedServer(t *testing.T) {
	url := embedtest.StartWith(t, embedtest.Options{APIKey: "k-shared-123"})
	root := hybridRoot(t)
	home := t.TempDir()
	plain := e2etest.AgentEnv(home)
	hybrid := append(slices.Clone(plain), "SKILLDEX_EMBEDDINGS_URL="+url, "SKILLDEX_EMBEDDINGS_MODEL="+embedtest.Model)
	conf := filepath.Join(t.TempDir(), "skilldex.yaml")
	writeFile(t, conf, "embeddings_key: k-shared-123\n")
	startSharedSession(t, hybrid, "--config", conf, "--dir", root, "--audit", "off")

	var res hybridResult
	deadline := time.Now().Add(2 * time.Minute) // hang guard: the server embeds in the background
	for {
		r := e2etest.RunIn(t, "", hybrid, "search", "--config", conf, "--json", "--dir", root, hybridQuery)
		if r.Code != 0 {
			t.Fatalf("search through the shared server: exit %d: %s", r.Code, r.Stderr)
		}
		e2etest.MustJSON(t, r, &res)
		if res.Hybrid && slices.ContainsFunc(res.Hits, func(h hybridHit) bool { return h.Name == "constant-time-review" }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the shared server's search never became hybrid: %+v", res)
		}
		time.Sleep(200 * time.Millisecond)
	}

	// An agent's MCP client on a second session: search_skills is hybrid,
	// the skill found by meaning carries its similarity.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // hang guard
	defer cancel()
	cmd := exec.Command(e2etest.Binary(t), "serve", "--config", conf, "--dir", root, "--audit", "off")
	cmd.Env = hybrid
	sess, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	text, isErr := e2etest.CallTool(t, ctx, sess, "search_skills", map[string]any{"query": hybridQuery})
	var out hybridResult
	if err := json.Unmarshal([]byte(text), &out); err != nil || isErr {
		t.Fatalf("search_skills: %v %s", err, text)
	}
	if i := slices.IndexFunc(out.Hits, func(h hybridHit) bool { return h.Name == "constant-time-review" }); i < 0 || out.Hits[i].Similarity <= 0 {
		t.Errorf("search_skills through the hybrid server: %s", text)
	}

	servers := func() []mcpshare.Status {
		t.Helper()
		var all, out []mcpshare.Status
		e2etest.MustJSON(t, e2etest.RunIn(t, "", plain, "serve", "--status", "--json"), &all)
		for _, st := range all {
			if strings.Contains(st.Serving, home) {
				out = append(out, st)
			}
		}
		return out
	}
	if s := servers(); len(s) != 1 || s[0].CLICalls == 0 {
		t.Fatalf("one hybrid server answering the one-shot search: %+v", s)
	}
	startSharedSession(t, plain, "--dir", root, "--audit", "off")
	if s := servers(); len(s) != 2 {
		t.Fatalf("a session without embeddings shares the hybrid server: %+v", s)
	}
	var lex hybridResult
	e2etest.MustJSON(t, e2etest.RunIn(t, "", plain, "search", "--json", "--dir", root, hybridQuery), &lex)
	if lex.Hybrid {
		t.Errorf("a search without embeddings configured was hybrid: %+v", lex)
	}
}
