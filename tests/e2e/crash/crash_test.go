// Package crash kills the skilldex binary with SIGKILL in the middle of
// index builds and checks that every restart serves what a fresh build
// serves.
package crash

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/longtest"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

var binary = e2etest.Binary

// crashWords is the vocabulary of the crash test's generated skills.
var crashWords = strings.Fields(`invoice ledger spreadsheet pdf form chart deploy kubernetes docker terraform
audit security review test coverage lint format release changelog commit branch merge api schema graphql
database migration index query cache queue stream kafka email calendar slack notion figma design token
translate summarize transcript audio video image resize crop thumbnail upload backup restore monitor alert`)

// writeCrashCatalog writes n deterministic skills (SKILL.md of 0.5-2.5 KB, a
// reference file for every third) under root.
func writeCrashCatalog(t testing.TB, root string, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(42, uint64(n)))
	words := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = crashWords[r.IntN(len(crashWords))]
		}
		return strings.Join(w, " ")
	}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("%s-%s-%04d", crashWords[r.IntN(len(crashWords))], crashWords[r.IntN(len(crashWords))], i)
		dir := filepath.Join(root, fmt.Sprintf("group-%02d", i%40), name)
		var body strings.Builder
		for p := 0; p < 1+r.IntN(4); p++ {
			fmt.Fprintf(&body, "## %s\n\n%s.\n\n", words(3), words(60+r.IntN(60)))
		}
		if i%3 == 0 {
			body.WriteString("See [the guide](references/guide.md).\n")
			if err := os.MkdirAll(filepath.Join(dir, "references"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "references", "guide.md"), []byte("# Guide\n\n"+words(200)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		md := fmt.Sprintf("---\nname: %s\ndescription: Use when you need to %s. Handles %s.\nmetadata:\n  tags: [%s]\n---\n\n# %s\n\n%s",
			name, words(8+r.IntN(10)), words(6), strings.ReplaceAll(words(1+r.IntN(3)), " ", ", "), name, body.String())
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// catalogView is what a client sees of a catalog: the listing, the
// ranked hits of a fixed query set, and a few loads.
type catalogView struct {
	List   []string            // id, name and description per skill
	Search map[string][]string // query -> "id score" per hit
	Loads  map[string]string   // name -> loaded content
}

var crashQueries = []string{"invoice ledger", "kubernetes deploy security", "summarize audio transcript",
	"database migration", "resize image thumbnail", "release changelog commit", "guide"}

// serveView starts `skilldex serve` with args, waits for it to answer,
// and reads the catalogView through MCP.
//
// Every serve of this test runs with --audit=off: the security audit only
// reads the catalog (it stores nothing), and off, the CPU goes to the
// build being killed and repaired instead of to a scan of 2,000 skills
// beside it in every one of the ~40 processes.
func serveView(t testing.TB, args ...string) catalogView {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // hang guard: the body pass below is guarded on progress
	defer cancel()
	cmd := exec.Command(binary(t), append([]string{"serve", "--share=off", "--no-watch", "--audit=off"}, args...)...)
	cmd.Stderr = os.Stderr
	sess, err := mcp.NewClient(&mcp.Implementation{Name: "crash-test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("serve %v: %v", args, err)
	}
	defer sess.Close()
	call := func(tool string, a map[string]any) string {
		res, err := sess.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: a})
		if err != nil || res.IsError {
			t.Fatalf("%s %v: %v %v", tool, a, err, res)
		}
		return res.Content[0].(*mcp.TextContent).Text
	}
	// serve indexes bodies in the background: wait until search covers
	// them, as the comparison is of complete catalogs. The guard is on
	// progress, not on the whole pass: at load 10-20 under -race the pass
	// over 2,000 skills took more than 2 minutes, while a stuck pass
	// stays at one count.
	last, since := -1, time.Now()
	for ; ; time.Sleep(20 * time.Millisecond) {
		var res struct {
			BodiesPending int `json:"bodies_pending"`
		}
		if err := json.Unmarshal([]byte(call("search_skills", map[string]any{"query": "guide"})), &res); err != nil {
			t.Fatal(err)
		}
		if res.BodiesPending == 0 {
			break
		}
		if res.BodiesPending != last {
			last, since = res.BodiesPending, time.Now()
		}
		if time.Since(since) > 2*time.Minute {
			t.Fatalf("the body pass made no progress for 2 minutes: %d bodies still pending", res.BodiesPending)
		}
	}
	v := catalogView{Search: map[string][]string{}, Loads: map[string]string{}}
	for cursor := ""; ; { // list_skills pages: follow next_cursor
		var list struct {
			Skills     []struct{ ID, Name, Description string }
			NextCursor string `json:"next_cursor"`
		}
		if err := json.Unmarshal([]byte(call("list_skills", map[string]any{"cursor": cursor})), &list); err != nil {
			t.Fatal(err)
		}
		for _, s := range list.Skills {
			v.List = append(v.List, s.ID+"\x00"+s.Name+"\x00"+s.Description)
		}
		if cursor = list.NextCursor; cursor == "" {
			break
		}
	}
	for _, q := range crashQueries {
		var res struct {
			Hits []struct {
				ID    string
				Score float64
			}
		}
		if err := json.Unmarshal([]byte(call("search_skills", map[string]any{"query": q, "limit": 20})), &res); err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			v.Search[q] = append(v.Search[q], strconv.FormatFloat(h.Score, 'f', 4, 64)+" "+h.ID)
		}
		// Equal scores may come in index order, which differs between
		// builds; the ranking is compared up to ties, and hits tied with
		// the last one are dropped (others with that score fell past the
		// limit, and which ones is again index order).
		hits := v.Search[q]
		sort.Sort(sort.Reverse(sort.StringSlice(hits)))
		if n := len(hits); n == 20 {
			last, _, _ := strings.Cut(hits[n-1], " ")
			for n > 0 && strings.HasPrefix(hits[n-1], last+" ") {
				n--
			}
			hits = hits[:n]
		}
		v.Search[q] = hits
	}
	for i := 0; i < len(v.List); i += len(v.List)/5 + 1 {
		name := strings.Split(v.List[i], "\x00")[1]
		v.Loads[name] = call("load_skill", map[string]any{"name": name})
	}
	return v
}

// TestCrashDuringIndexBuild kills `skilldex serve` with SIGKILL at random
// points of an index build, restarts it on the same data dir, and
// compares what a client sees with a fresh in-memory build: the store and
// the search index must agree after any crash. With SKILLDEX_LONG=1 (as
// CI runs it) 20 iterations on 2,000 skills; else 8 on 1,000, the same
// kinds of kill points (metadata batch, body pass, repair) at fewer
// random times. SKILLDEX_CRASH_ITERATIONS runs more.
func TestCrashDuringIndexBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a catalog of 1,000 skills or more many times")
	}
	iterations, skills := 8, 1000
	if longtest.Enabled() {
		iterations, skills = 20, 2000
	}
	if n, err := strconv.Atoi(os.Getenv("SKILLDEX_CRASH_ITERATIONS")); err == nil && n > 0 {
		iterations = n
	}
	root := t.TempDir()
	writeCrashCatalog(t, root, skills)
	want := serveView(t, "--mem", "--dir", root)
	if len(want.List) != skills {
		t.Fatalf("fresh build lists %d skills, want %d", len(want.List), skills)
	}

	// Time one full build, to spread the kills over it.
	data := t.TempDir()
	start := time.Now()
	if r := e2etest.Run(t, "index", "--dir", root, "--data-dir", data); r.Code != 0 {
		t.Fatalf("index: %s", r.Stderr)
	}
	build := time.Since(start)

	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < iterations; i++ {
		data := filepath.Join(t.TempDir(), "data")
		// The build is killed once, then again during the restart's own
		// repair, half of the time: a crash in the middle of recovery.
		kills := 1 + r.IntN(2)
		var at []time.Duration
		for k := 0; k < kills; k++ {
			delay := time.Duration(r.Int64N(int64(build)))
			at = append(at, delay)
			cmd := exec.Command(binary(t), "serve", "--share=off", "--no-watch", "--audit=off", "--dir", root, "--data-dir", data)
			stdin, err := cmd.StdinPipe() // serve exits on EOF; keep it open
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(delay)
			_ = cmd.Process.Kill() // SIGKILL
			_ = cmd.Wait()
			stdin.Close()
		}
		got := serveView(t, "--dir", root, "--data-dir", data)
		if !reflect.DeepEqual(got.List, want.List) {
			t.Fatalf("iteration %d (killed at %v of a %v build): the listing differs from a fresh build (%d vs %d skills)", i, at, build, len(got.List), len(want.List))
		}
		for _, q := range crashQueries {
			if !reflect.DeepEqual(got.Search[q], want.Search[q]) {
				t.Fatalf("iteration %d (killed at %v): search %q differs from a fresh build: only after the crash %v, only in the fresh build %v",
					i, at, q, missing(want.Search[q], got.Search[q]), missing(got.Search[q], want.Search[q]))
			}
		}
		if !reflect.DeepEqual(got.Loads, want.Loads) {
			t.Fatalf("iteration %d (killed at %v): loads differ from a fresh build", i, at)
		}
	}
	t.Logf("%d crash iterations on %d skills (full build %v): every restart matched a fresh build", iterations, skills, build.Round(time.Millisecond))
}

// missing returns the elements of b that a lacks.
func missing(a, b []string) []string {
	have := map[string]bool{}
	for _, s := range a {
		have[s] = true
	}
	var out []string
	for _, s := range b {
		if !have[s] {
			out = append(out, s)
		}
	}
	return out
}
