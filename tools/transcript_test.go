package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	g "github.com/skilldex/skilldex/internal/golden"
	"golang.org/x/tools/txtar"
)

// Transcripts are the profiles' contracts as data, the way go-sdk tests
// conformance (mcp/testdata/conformance): each file under
// testdata/transcripts/<profile>/ is one scenario, a txtar archive with
//
//   - a comment saying what it covers (the seed row, in the seed's words);
//   - "options": one setting a line: "profile P" (repeatable), "root
//     LABEL:PATH" (repeatable, relative to the fixture's folder; replaces
//     the fixture's roots), "sandbox fake" (scripts answered by
//     fakeSandbox), "exit SCRIPT CODE" (the fake's exit code for a
//     script), "budget N" (Options.DescriptionBudget), and in a fixture
//     "no-final-newline PATH" (txtar ends every file with a newline; the
//     file PATH is written without it);
//   - "client": the JSON-RPC messages the client sends, in order. When the
//     first is not initialize, the runner initializes first and leaves
//     that exchange out of the transcript;
//   - "server": what the server answered, each message as indented JSON,
//     the fixture's temporary folder written $ROOT and search scores and
//     confidences N (rankFigures). -update rewrites it.
//
// The skill files come from the directory's fixture.txtar: each file
// "fs/PATH" is written to PATH under a temporary folder, and its "options"
// are the defaults every scenario of the directory starts from.
func TestTranscripts(t *testing.T) {
	base := filepath.Join("testdata", "transcripts")
	dirs, err := os.ReadDir(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(base, d.Name())
		fixture, err := txtar.ParseFile(filepath.Join(dir, "fixture.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if filepath.Base(path) == "fixture.txtar" {
				continue
			}
			name := d.Name() + "/" + strings.TrimSuffix(filepath.Base(path), ".txtar")
			t.Run(name, func(t *testing.T) { runTranscript(t, fixture, path) })
		}
	}
}

// transcriptOptions are a scenario's settings.
type transcriptOptions struct {
	profiles []string
	roots    []string
	sandbox  *fakeSandbox
	budget   int
	noEOL    map[string]bool // fixture files written without their final newline
}

// parse applies the lines of an options section.
func (o *transcriptOptions) parse(data []byte, replaceRoots bool) error {
	rootsSet := false
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch {
		case f[0] == "profile" && len(f) == 2:
			o.profiles = append(o.profiles, f[1])
		case f[0] == "root" && len(f) == 2:
			if replaceRoots && !rootsSet {
				o.roots = nil
				rootsSet = true
			}
			o.roots = append(o.roots, f[1])
		case f[0] == "sandbox" && len(f) == 2 && f[1] == "fake":
			o.sandbox = &fakeSandbox{exit: map[string]int{}}
		case f[0] == "exit" && len(f) == 3 && o.sandbox != nil:
			code, err := strconv.Atoi(f[2])
			if err != nil {
				return fmt.Errorf("options: %q: %v", line, err)
			}
			o.sandbox.exit[f[1]] = code
		case f[0] == "no-final-newline" && len(f) == 2:
			if o.noEOL == nil {
				o.noEOL = map[string]bool{}
			}
			o.noEOL[f[1]] = true
		case f[0] == "budget" && len(f) == 2:
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return fmt.Errorf("options: %q: %v", line, err)
			}
			o.budget = n
		default:
			return fmt.Errorf("options: unknown setting %q", strings.TrimSpace(line))
		}
	}
	return nil
}

func section(a *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

func runTranscript(t *testing.T, fixture *txtar.Archive, path string) {
	arch, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var opts transcriptOptions
	if data, ok := section(fixture, "options"); ok {
		if err := opts.parse(data, false); err != nil {
			t.Fatalf("fixture: %v", err)
		}
	}
	if data, ok := section(arch, "options"); ok {
		profiles := opts.profiles
		opts.profiles = nil
		if err := opts.parse(data, true); err != nil {
			t.Fatal(err)
		}
		if len(opts.profiles) == 0 {
			opts.profiles = profiles
		}
	}
	files := map[string]string{}
	for _, f := range fixture.Files {
		if rel, ok := strings.CutPrefix(f.Name, "fs/"); ok {
			files[rel] = string(f.Data)
			if opts.noEOL[rel] {
				files[rel] = strings.TrimSuffix(files[rel], "\n")
			}
		}
	}
	o := Options{Profiles: opts.profiles, DescriptionBudget: opts.budget}
	if opts.sandbox != nil {
		o.Sandbox = opts.sandbox
	}
	fx := newFixture(t, files, opts.roots, o)

	clientData, ok := section(arch, "client")
	if !ok {
		t.Fatal("no client section")
	}
	msgs, err := decodeMessages(clientData)
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	got := converse(t, fx.h, msgs)
	got = bytes.ReplaceAll(got, []byte(fx.root), []byte("$ROOT"))
	got = rankFigures.ReplaceAll(got, []byte("${1}N"))

	want, _ := section(arch, "server")
	if g.Updating() { // -update rewrites the server section
		var out []txtar.File
		seen := false
		for _, f := range arch.Files {
			if f.Name == "server" {
				f.Data, seen = got, true
			}
			out = append(out, f)
		}
		if !seen {
			out = append(out, txtar.File{Name: "server", Data: got})
		}
		arch.Files = out
		if err := os.WriteFile(path, txtar.Format(arch), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("server messages differ from %s (rerun with -update to accept them)\n%s", path, lineDiff(string(want), string(got)))
	}
}

// rankFigures are the search scores and confidences in an answer (in
// structuredContent and in its JSON text copy): the transcripts write
// them N, so a ranking change (the search package's) moves no profile
// contract; the order of the hits still shows.
var rankFigures = regexp.MustCompile(`(\\?"(?:score|confidence)\\?":\s*)-?[0-9][0-9.eE+-]*`)

// decodeMessages reads a sequence of JSON-RPC messages.
func decodeMessages(data []byte) ([]jsonrpc.Message, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []jsonrpc.Message
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		m, err := jsonrpc.DecodeMessage(raw)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// converse serves h over an in-memory transport, sends msgs and returns
// every message the server sent, indented, from the first client message
// on (a default initialize exchange first when msgs do not start with
// one). After each call it reads up to that call's response; notifications
// that arrive before it are kept in order.
func converse(t *testing.T, h *Handler, msgs []jsonrpc.Message) []byte {
	t.Helper()
	ct, ss := serveInMemory(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := ct.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { conn.Close(); ss.Wait() }()
	var buf bytes.Buffer
	record := true
	send := func(m jsonrpc.Message) {
		if err := conn.Write(ctx, m); err != nil {
			t.Fatalf("write: %v", err)
		}
		req, ok := m.(*jsonrpc.Request)
		if !ok || !req.IsCall() {
			return
		}
		for {
			got, err := conn.Read(ctx)
			if err != nil {
				t.Fatalf("read (waiting for the answer to %s): %v", req.Method, err)
			}
			if record {
				data, err := jsonrpc.EncodeMessage(got)
				if err != nil {
					t.Fatal(err)
				}
				var ind bytes.Buffer
				if err := json.Indent(&ind, data, "", "\t"); err != nil {
					t.Fatal(err)
				}
				buf.Write(ind.Bytes())
				buf.WriteByte('\n')
			}
			if r, ok := got.(*jsonrpc.Response); ok && r.ID == req.ID {
				return
			}
		}
	}
	if len(msgs) == 0 || !isInitialize(msgs[0]) {
		record = false
		id, _ := jsonrpc.MakeID(float64(0))
		send(&jsonrpc.Request{ID: id, Method: "initialize", Params: json.RawMessage(`{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"transcript","version":"1"}}`)})
		send(&jsonrpc.Request{Method: "notifications/initialized", Params: json.RawMessage(`{}`)})
		record = true
	}
	for _, m := range msgs {
		send(m)
	}
	return buf.Bytes()
}

func isInitialize(m jsonrpc.Message) bool {
	r, ok := m.(*jsonrpc.Request)
	return ok && r.Method == "initialize"
}

// lineDiff shows the first differing line of want and got with a little
// context.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant: %s\n got: %s", i+1, wl, gl)
		}
	}
	return "(equal)"
}

// TestTranscriptsComplete: every scenario has a server section (an
// -update run left none out) and every fixture parses.
func TestTranscriptsComplete(t *testing.T) {
	err := filepath.WalkDir(filepath.Join("testdata", "transcripts"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(p) == "fixture.txtar" || !strings.HasSuffix(p, ".txtar") {
			return err
		}
		a, err := txtar.ParseFile(p)
		if err != nil {
			return err
		}
		if _, ok := section(a, "server"); !ok {
			return fmt.Errorf("%s: no server section; run go test -run TestTranscripts -update", p)
		}
		if len(bytes.TrimSpace(a.Comment)) == 0 {
			return errors.New(p + ": no comment saying what the scenario covers")
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}
