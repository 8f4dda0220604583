package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestResourceURIsForAnyID: a skill whose id cannot stand as a URI host
// (the root-numbered id of a path two roots share, a folder with a space)
// used to make AddResource panic; it is now listed as skill:///<id>/... and
// reads back.
func TestResourceURIsForAnyID(t *testing.T) {
	f := newFixture(t, map[string]string{
		"a/git/SKILL.md":      skillMD("name: git\ndescription: first", "# A\n"),
		"b/git/SKILL.md":      skillMD("name: git\ndescription: second", "# B\n"),
		"a/my skill/SKILL.md": skillMD("name: my-skill\ndescription: spaced folder", "# Spaced\n"),
	}, []string{"a", "b"}, Options{})
	cs := connect(t, f.h, nil)
	ctx := context.Background()
	res, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"skill://git/SKILL.md":         "# A",
		"skill:///2%3Agit/SKILL.md":    "# B",
		"skill:///my%20skill/SKILL.md": "# Spaced",
	}
	var got []string
	for _, r := range res.Resources {
		got = append(got, r.URI)
	}
	for uri, body := range want {
		rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Errorf("read %s: %v (listed: %v)", uri, err, got)
			continue
		}
		if !strings.Contains(rr.Contents[0].Text, body) {
			t.Errorf("read %s: %q", uri, rr.Contents[0].Text)
		}
	}
	if len(got) != 3 {
		t.Errorf("resources: %v", got)
	}
}

// TestResourceSubscriptions: a client subscribed to a skill's SKILL.md and
// to one of its reference files gets notifications/resources/updated when
// the skill changes on disk and when it is removed; a client that
// unsubscribed, or subscribed to another skill, gets none; a URI that names
// no served skill cannot be subscribed to.
//
// Subscriptions on the protocol the Go client speaks (SEP-2575) are
// asynchronous: Subscribe returns before the server has subscribed, and the
// server's notifications/subscriptions/acknowledged says it has; the test
// waits for those before changing anything. An unsubscribe there has no
// acknowledgement, so unsubscribing is checked on the 2025-11-25 protocol,
// where the server answers resources/unsubscribe once it is in effect.
func TestResourceSubscriptions(t *testing.T) {
	f := newFixture(t, map[string]string{
		"s/ledger/SKILL.md":          skillMD("name: ledger\ndescription: ledgers", "# Ledger\n"),
		"s/ledger/references/fmt.md": "# Format\n",
		"s/other/SKILL.md":           skillMD("name: other\ndescription: other", "# Other\n"),
	}, []string{"s"}, Options{})
	ct, ss := serveInMemory(t, f.h)
	t.Cleanup(func() { ss.Wait() })
	got := make(chan string, 16)
	acked := make(chan struct{}, 16)
	client := mcp.NewClient(&mcp.Implementation{Name: "sub", Version: "1"}, &mcp.ClientOptions{
		ResourceUpdatedHandler: func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) { got <- req.Params.URI },
	})
	client.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method == "notifications/subscriptions/acknowledged" {
				acked <- struct{}{}
			}
			return res, err
		}
	})
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	ctx := context.Background()
	subscribed := []string{"skill://ledger/SKILL.md", "skill://ledger/references/fmt.md"}
	for _, uri := range subscribed {
		if err := cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
			t.Fatalf("subscribe %s: %v", uri, err)
		}
	}
	for range subscribed {
		select {
		case <-acked:
		case <-time.After(60 * time.Second): // hang guard only
			t.Fatal("no notifications/subscriptions/acknowledged")
		}
	}
	// A client on 2025-11-25 gets subscription errors as the answer.
	w := wireConnect(t, f.h)
	for _, uri := range []string{"skill://nosuch/SKILL.md", "file:///etc/passwd", "skill://ledger%2F..%2F..%2Fetc/passwd", "skill://ledger/..%2F..%2Fetc%2Fpasswd", "skill://ledger/references/missing.md"} {
		if _, err := w.roundTrip("resources/subscribe", `{"uri":`+strconv.Quote(uri)+`}`); err == nil {
			t.Errorf("subscribe %s: no error", uri)
		}
	}
	w.request("resources/subscribe", `{"uri":"skill://other/SKILL.md"}`)
	w.request("resources/subscribe", `{"uri":"skill://ledger/SKILL.md"}`)
	w.request("resources/unsubscribe", `{"uri":"skill://ledger/SKILL.md"}`)
	w.notes = nil

	expect := func(step string, want ...string) {
		t.Helper()
		seen := map[string]bool{}
		timeout := time.After(60 * time.Second) // hang guard only
		for len(seen) < len(want) {
			select {
			case uri := <-got:
				seen[uri] = true
			case <-timeout:
				t.Fatalf("%s: got %v, want %v", step, seen, want)
			}
		}
		for _, w := range want {
			if !seen[w] {
				t.Errorf("%s: no update for %s (got %v)", step, w, seen)
			}
		}
	}
	// wireUpdates returns the URIs of the notifications/resources/updated
	// the raw session has read, after a ping: everything the server sent
	// it before answering the ping.
	wireUpdates := func() []string {
		t.Helper()
		w.request("ping", `{}`)
		var uris []string
		for _, n := range w.notes {
			if n.Method != "notifications/resources/updated" {
				continue
			}
			var p struct {
				URI string `json:"uri"`
			}
			if err := json.Unmarshal(n.Params, &p); err != nil {
				t.Fatal(err)
			}
			uris = append(uris, p.URI)
		}
		w.notes = nil
		return uris
	}
	ledger := filepath.Join(f.root, "s", "ledger")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(ledger, "SKILL.md"), skillMD("name: ledger\ndescription: ledgers, edited", "# Ledger v2\n"))
	if _, err := f.cat.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	expect("edit", subscribed...)
	// The server sends a change's updates to 2025-11-25 sessions before
	// the others, so the raw session has read any it was sent by its ping.
	if uris := wireUpdates(); len(uris) != 0 {
		t.Errorf("edit of ledger: the raw session, unsubscribed from ledger and subscribed to other, got updates for %v", uris)
	}
	write(filepath.Join(f.root, "s", "other", "SKILL.md"), skillMD("name: other\ndescription: other, edited", "# Other v2\n"))
	if _, err := f.cat.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second) // hang guard only
	var uris []string
	for len(uris) == 0 && time.Now().Before(deadline) {
		uris = wireUpdates()
	}
	if !slices.Equal(uris, []string{"skill://other/SKILL.md"}) {
		t.Errorf("edit of other: the raw session got updates for %v, want other's SKILL.md", uris)
	}
	if err := os.RemoveAll(ledger); err != nil {
		t.Fatal(err)
	}
	if _, err := f.cat.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	expect("remove", subscribed...)
	if uris := wireUpdates(); len(uris) != 0 {
		t.Errorf("remove of ledger: the raw session got updates for %v", uris)
	}
	select {
	case uri := <-got:
		t.Errorf("unexpected update for %s (untouched)", uri)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestQuotable: a resource URI whose Go quoting is not JSON (a control
// character, invalid UTF-8, an unprintable rune past U+FFFF) is refused
// before the SDK's not-found error can break the session.
func TestQuotable(t *testing.T) {
	for _, tc := range []struct {
		uri  string
		want bool
	}{
		{"skill://pdf/SKILL.md", true},
		{"skill://文档/参考.md", true},
		{"skill://pdf/\x00", false},
		{"skill://pdf/\x7f", false},
		{"skill://pdf/\xff", false},
		{"skill://pdf/\U000e0001", false},
		{"skill://pdf/\U000f0000", false},
	} {
		if got := quotable(tc.uri); got != tc.want {
			t.Errorf("quotable(%q) = %v, want %v", tc.uri, got, tc.want)
		}
	}
}
