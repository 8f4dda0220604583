package embed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Both Client and Cached satisfy the Embedder contract the index package
// declares (same method set).
var (
	_ Embedder = (*Client)(nil)
	_ Embedder = (*Cached)(nil)
)

const testKey = "sk-test-5ecret-key-0123456789"

// fakeReq is one request the fake endpoint received.
type fakeReq struct {
	Auth string
	Body map[string]any
	In   []string
}

// fake is an httptest embeddings endpoint: answer decides each response
// (nil: the default, a vector [1, i+1, len(text)] per text in order).
type fake struct {
	srv    *httptest.Server
	mu     sync.Mutex
	reqs   []fakeReq
	answer func(n int, r fakeReq, w http.ResponseWriter) bool // n counts from 1; false: default answer
}

func newFake(t *testing.T, answer func(n int, r fakeReq, w http.ResponseWriter) bool) *fake {
	f := &fake{answer: answer}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/embeddings" || r.Method != http.MethodPost {
			http.Error(w, "no route "+r.URL.Path, http.StatusNotFound)
			return
		}
		data, _ := io.ReadAll(r.Body)
		var req fakeReq
		req.Auth = r.Header.Get("Authorization")
		if err := json.Unmarshal(data, &req.Body); err != nil {
			http.Error(w, "bad json", 400)
			return
		}
		for _, v := range req.Body["input"].([]any) {
			req.In = append(req.In, v.(string))
		}
		f.mu.Lock()
		f.reqs = append(f.reqs, req)
		n := len(f.reqs)
		f.mu.Unlock()
		if f.answer != nil && f.answer(n, req, w) {
			return
		}
		writeVectors(w, req.In, nil)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// writeVectors answers texts with [1, i+1, len(text)] each, in the order
// of order (nil: input order), with "index" set.
func writeVectors(w http.ResponseWriter, texts []string, order []int) {
	if order == nil {
		for i := range texts {
			order = append(order, i)
		}
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float64 `json:"embedding"`
	}
	var data []item
	for _, i := range order {
		data = append(data, item{"embedding", i, []float64{1, float64(i + 1), float64(len(texts[i]))}})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "m"})
}

func (f *fake) requests() []fakeReq {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeReq(nil), f.reqs...)
}

// client returns a Client for f with instant, recorded retry waits.
func (f *fake) client(t *testing.T, opts Options) (*Client, *[]time.Duration) {
	t.Helper()
	if opts.BaseURL == "" {
		opts.BaseURL = f.srv.URL + "/v1"
	}
	if opts.Model == "" {
		opts.Model = "m"
	}
	c, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	waits := &[]time.Duration{}
	c.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		*waits = append(*waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	return c, waits
}

func texts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("text %d%s", i, strings.Repeat("x", i%7))
	}
	return out
}

// wantVec is the normalised [1, i+1, len(text)] the fake gives text i.
func wantVec(i int, text string) []float32 {
	v := []float32{1, float32(i + 1), float32(len(text))}
	normalise(v)
	return v
}

func near(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-6 {
			return false
		}
	}
	return true
}

func TestNewValidates(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"no model", Options{BaseURL: "http://127.0.0.1:11434/v1"}, "no model named"},
		{"no URL", Options{Model: "m"}, "no base URL"},
		{"ftp", Options{Model: "m", BaseURL: "ftp://host/v1"}, `scheme "ftp" is not http or https`},
		{"no scheme", Options{Model: "m", BaseURL: "127.0.0.1:11434/v1"}, "write it as http://HOST:PORT/v1"},
		{"host as scheme", Options{Model: "m", BaseURL: "localhost:11434/v1"}, `scheme "localhost" is not http or https (write it as http://HOST:PORT/v1)`},
		{"no host", Options{Model: "m", BaseURL: "http:///v1"}, "has no host"},
		{"fragment", Options{Model: "m", BaseURL: "http://h/v1#x"}, "#fragment"},
		{"negative batch", Options{Model: "m", BaseURL: "http://h/v1", Batch: -1}, "must not be negative"},
		{"password hidden", Options{Model: "m", BaseURL: "gopher://u:hunter2@h/v1"}, "gopher://h/v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.opts)
			if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want ErrConfig with %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("password in %v", err)
			}
		})
	}
}

func TestModelAndEndpoint(t *testing.T) {
	c, err := New(Options{Model: "nomic-embed-text", BaseURL: "http://user:pw@LocalHost:11434/v1/?api-version=2", APIKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Model(), "nomic-embed-text@http://localhost:11434/v1"; got != want {
		t.Errorf("Model() = %q, want %q", got, want)
	}
	if got, want := c.Endpoint(), "http://localhost:11434/v1/embeddings"; got != want {
		t.Errorf("Endpoint() = %q, want %q", got, want)
	}
	if got := c.endpoint.String(); got != "http://user:pw@localhost:11434/v1/embeddings?api-version=2" {
		t.Errorf("request URL %q keeps neither credentials nor query", got)
	}
	d, _ := New(Options{Model: "text-embedding-3-small", BaseURL: "https://api.openai.com/v1", Dimensions: 256})
	if got, want := d.Model(), "text-embedding-3-small@https://api.openai.com/v1#dimensions=256"; got != want {
		t.Errorf("Model() = %q, want %q", got, want)
	}
}

func TestBatchingSplitsAndKeepsOrder(t *testing.T) {
	f := newFake(t, nil)
	c, _ := f.client(t, Options{Batch: 64, APIKey: testKey})
	in := texts(150)
	out, err := c.Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 3 || len(reqs[0].In) != 64 || len(reqs[1].In) != 64 || len(reqs[2].In) != 22 {
		t.Fatalf("requests of %v texts, want 64, 64, 22", func() (n []int) {
			for _, r := range reqs {
				n = append(n, len(r.In))
			}
			return
		}())
	}
	if reqs[1].In[0] != in[64] || reqs[2].In[21] != in[149] {
		t.Fatal("batches are not consecutive slices of the input")
	}
	for _, r := range reqs {
		if r.Auth != "Bearer "+testKey {
			t.Fatalf("Authorization = %q", r.Auth)
		}
		if r.Body["model"] != "m" || r.Body["encoding_format"] != "float" {
			t.Fatalf("body %v", r.Body)
		}
		if _, ok := r.Body["dimensions"]; ok {
			t.Fatal("dimensions sent though unset")
		}
	}
	for i, v := range out {
		// The fake numbers texts within each request.
		if !near(v, wantVec(i%64, in[i])) {
			t.Fatalf("vector %d = %v, want %v", i, v, wantVec(i%64, in[i]))
		}
	}
}

func TestPlacesByIndex(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		writeVectors(w, r.In, []int{2, 0, 3, 1})
		return true
	})
	c, _ := f.client(t, Options{})
	in := []string{"a", "bb", "ccc", "dddd"}
	out, err := c.Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	for i := range in {
		if !near(out[i], wantVec(i, in[i])) {
			t.Fatalf("vector %d = %v, want %v", i, out[i], wantVec(i, in[i]))
		}
		var norm float64
		for _, x := range out[i] {
			norm += float64(x) * float64(x)
		}
		if math.Abs(norm-1) > 1e-6 {
			t.Fatalf("vector %d has squared norm %v, want 1", i, norm)
		}
	}
}

func TestMissingIndexMeansInputOrder(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		fmt.Fprint(w, `{"data":[{"embedding":[1,0]},{"embedding":[0,2]}]}`)
		return true
	})
	c, _ := f.client(t, Options{})
	out, err := c.Embed(context.Background(), []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if !near(out[0], []float32{1, 0}) || !near(out[1], []float32{0, 1}) {
		t.Fatalf("got %v", out)
	}
}

func TestBase64Embedding(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		// [3, 4] as little-endian float32s.
		fmt.Fprint(w, `{"data":[{"index":0,"embedding":"AABAQAAAgEA="}]}`)
		return true
	})
	c, _ := f.client(t, Options{})
	out, err := c.Embed(context.Background(), []string{"a"})
	if err != nil {
		t.Fatal(err)
	}
	if !near(out[0], []float32{0.6, 0.8}) {
		t.Fatalf("got %v, want [0.6 0.8]", out[0])
	}
}

func TestUnauthorized(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusUnauthorized)
		// OpenAI echoes (part of) the key it was given.
		fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s.","type":"invalid_request_error","code":"invalid_api_key"}}`, strings.TrimPrefix(r.Auth, "Bearer "))
		return true
	})
	c, _ := f.client(t, Options{APIKey: testKey})
	_, err := c.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrAuth) {
		t.Fatalf("err = %v, want ErrAuth", err)
	}
	msg := err.Error()
	for _, want := range []string{f.srv.URL + "/v1/embeddings", "401 Unauthorized", "Incorrect API key provided: [key].", "check SKILLDEX_EMBEDDINGS_KEY"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, testKey) {
		t.Fatalf("the key is in the error: %q", msg)
	}
	if len(f.requests()) != 1 {
		t.Errorf("%d requests; a 401 is not retried", len(f.requests()))
	}
	// Without a key the hint says to set one.
	c2, _ := f.client(t, Options{})
	if _, err := c2.Embed(context.Background(), []string{"a"}); !strings.Contains(fmt.Sprint(err), "wants an API key: set SKILLDEX_EMBEDDINGS_KEY") {
		t.Errorf("keyless 401: %v", err)
	}
}

func TestRateLimitedThenSuccess(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		if n == 1 {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"error":{"message":"Rate limit reached"}}`)
			return true
		}
		return false
	})
	c, waits := f.client(t, Options{})
	out, err := c.Embed(context.Background(), []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || len(f.requests()) != 2 {
		t.Fatalf("%d vectors after %d requests", len(out), len(f.requests()))
	}
	if len(*waits) != 1 || (*waits)[0] != 2*time.Second {
		t.Fatalf("waited %v, want the 2s Retry-After asked for", *waits)
	}
}

func TestRetryAfterOverCapFailsAtOnce(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
		return true
	})
	c, waits := f.client(t, Options{})
	_, err := c.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), "retry after 1h0m0s") || len(*waits) != 0 {
		t.Fatalf("err = %v after waits %v", err, *waits)
	}
}

func TestServerErrorRetriesExhausted(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, "model crashed (%d)", n)
		return true
	})
	c, waits := f.client(t, Options{})
	_, err := c.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrServer) {
		t.Fatalf("err = %v, want ErrServer", err)
	}
	if n := len(f.requests()); n != DefaultAttempts {
		t.Fatalf("%d requests, want %d", n, DefaultAttempts)
	}
	if !strings.Contains(err.Error(), "500 Internal Server Error: model crashed (4)") || !strings.Contains(err.Error(), "after 4 attempts") {
		t.Fatalf("error %q", err)
	}
	// Exponential backoff with jitter: each wait within [d/2, d], d doubling from 500ms.
	for i, w := range *waits {
		d := 500 * time.Millisecond << i
		if w < d/2 || w > d {
			t.Errorf("wait %d = %v, want within [%v, %v]", i, w, d/2, d)
		}
	}
	one, _ := f.client(t, Options{Attempts: 1})
	before := len(f.requests())
	one.Embed(context.Background(), []string{"a"})
	if len(f.requests()) != before+1 {
		t.Error("Attempts 1 retried")
	}
}

func TestRejectedNotRetried(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"message":"model \"nomic\" not found, try pulling it first"}}`)
		return true
	})
	c, _ := f.client(t, Options{Model: "nomic"})
	_, err := c.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "ollama pull nomic") || !strings.Contains(err.Error(), "try pulling it first") {
		t.Fatalf("err = %v", err)
	}
	if len(f.requests()) != 1 {
		t.Fatalf("%d requests", len(f.requests()))
	}
}

func TestBadAnswers(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"wrong count", `{"data":[{"index":0,"embedding":[1,2]}]}`, "1 vectors for 2 texts"},
		{"mismatched lengths", `{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1,2,3]}]}`, "different lengths (2 for text 0, 3 for text 1)"},
		{"NaN literal", `{"data":[{"index":0,"embedding":[NaN,1]},{"index":1,"embedding":[1,2]}]}`, "not an embeddings response"},
		{"overflow to Inf", `{"data":[{"index":0,"embedding":[1e300,1]},{"index":1,"embedding":[1,2]}]}`, "component 0 is +Inf"},
		{"empty vector", `{"data":[{"index":0,"embedding":[]},{"index":1,"embedding":[1,2]}]}`, "vector of text 0: empty"},
		{"zero vector", `{"data":[{"index":0,"embedding":[0,0]},{"index":1,"embedding":[1,2]}]}`, "all zeros"},
		{"index twice", `{"data":[{"index":1,"embedding":[1,2]},{"index":1,"embedding":[1,2]}]}`, "index 1 given twice"},
		{"index out of range", `{"data":[{"index":0,"embedding":[1,2]},{"index":7,"embedding":[1,2]}]}`, "index 7 out of range"},
		{"not JSON", `<html>proxy login</html>`, "<html>proxy login</html>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
				fmt.Fprint(w, tc.body)
				return true
			})
			c, _ := f.client(t, Options{})
			out, err := c.Embed(context.Background(), []string{"a", "b"})
			if !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), tc.want) || out != nil {
				t.Fatalf("err = %v, want ErrBadResponse with %q", err, tc.want)
			}
		})
	}
}

func TestDimensionsAcrossBatches(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		if n == 2 {
			fmt.Fprint(w, `{"data":[{"index":0,"embedding":[1,2,3,4]}]}`)
			return true
		}
		return false
	})
	c, _ := f.client(t, Options{Batch: 1})
	_, err := c.Embed(context.Background(), []string{"a", "b"})
	if !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), "4 dimensions for texts 1-1 but 3") {
		t.Fatalf("err = %v", err)
	}
	d, _ := f.client(t, Options{Dimensions: 256})
	_, err = d.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), `asked for 256 dimensions, got 3`) {
		t.Fatalf("err = %v", err)
	}
	if got := f.requests()[len(f.requests())-1].Body["dimensions"]; got != 256.0 {
		t.Fatalf("dimensions sent = %v", got)
	}
}

func TestEmptyTextSendsNothing(t *testing.T) {
	f := newFake(t, nil)
	c, _ := f.client(t, Options{})
	if _, err := c.Embed(context.Background(), []string{"a", " \n"}); !errors.Is(err, ErrEmptyText) || !strings.Contains(err.Error(), "text 1 of 2") {
		t.Fatalf("err = %v", err)
	}
	if out, err := c.Embed(context.Background(), nil); out != nil || err != nil {
		t.Fatalf("no texts: %v, %v", out, err)
	}
	if len(f.requests()) != 0 {
		t.Fatal("a request was sent")
	}
}

func TestContextCancel(t *testing.T) {
	arrived := make(chan struct{}, 1)
	release := make(chan struct{})
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		arrived <- struct{}{}
		<-release
		return false
	})
	defer close(release)
	c, _ := f.client(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := c.Embed(ctx, []string{"a"})
		errc <- err
	}()
	<-arrived
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Embed did not return after cancel")
	}
	if n := len(f.requests()); n != 1 {
		t.Fatalf("%d requests after cancel", n)
	}
}

func TestContextCancelStopsBackoff(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusServiceUnavailable)
		return true
	})
	c, err := New(Options{BaseURL: f.srv.URL + "/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	c.backoff = time.Hour // the real sleep: only cancel ends it
	ctx, cancel := context.WithCancel(context.Background())
	c.sleep = func(ctx context.Context, d time.Duration) error {
		cancel()
		return sleepCtx(ctx, d)
	}
	_, err = c.Embed(ctx, []string{"a"})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "503") {
		t.Fatalf("err = %v, want context.Canceled naming the 503", err)
	}
}

func TestUnreachable(t *testing.T) {
	f := newFake(t, nil)
	url := f.srv.URL
	f.srv.Close()
	c, err := New(Options{BaseURL: strings.Replace(url, "http://", "http://me:"+testKey+"@", 1) + "/v1", Model: "m", APIKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	var waits atomic.Int32
	c.sleep = func(ctx context.Context, d time.Duration) error { waits.Add(1); return nil }
	_, err = c.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), url+"/v1/embeddings") ||
		!strings.Contains(err.Error(), "is the server running") || !strings.Contains(err.Error(), "after 4 attempts") {
		t.Fatalf("err = %v", err)
	}
	if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "me:") {
		t.Fatalf("credentials in %q", err)
	}
	if waits.Load() != DefaultAttempts-1 {
		t.Fatalf("%d waits", waits.Load())
	}
}

// TestKeyNeverInErrors runs every failure with a server echoing all it
// was sent (headers and body) and checks the key never shows.
func TestKeyNeverInErrors(t *testing.T) {
	for _, status := range []int{400, 401, 403, 404, 413, 429, 500, 503, 200} {
		f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
			w.WriteHeader(status)
			fmt.Fprintf(w, "you sent %q with %v", r.Auth, r.Body)
			return true
		})
		c, _ := f.client(t, Options{APIKey: testKey})
		_, err := c.Embed(context.Background(), []string{"a"})
		if err == nil {
			t.Fatalf("status %d: no error", status)
		}
		if strings.Contains(err.Error(), testKey) {
			t.Fatalf("status %d: key in %q", status, err)
		}
		if !strings.Contains(err.Error(), "[key]") {
			t.Fatalf("status %d: the echo was not shown redacted: %q", status, err)
		}
	}
}

func TestRetryAfterParsing(t *testing.T) {
	if d := retryAfter("1.5"); d != 1500*time.Millisecond {
		t.Errorf("1.5 -> %v", d)
	}
	if d := retryAfter(time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)); d < 59*time.Minute {
		t.Errorf("date an hour ahead -> %v", d)
	}
	for _, v := range []string{"", "soon", "-3", "NaN"} {
		if d := retryAfter(v); d != 0 {
			t.Errorf("%q -> %v", v, d)
		}
	}
}

func TestTimeoutNotRetried(t *testing.T) {
	release := make(chan struct{})
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		<-release
		return false
	})
	defer close(release)
	c, waits := f.client(t, Options{HTTPClient: &http.Client{Timeout: 50 * time.Millisecond}})
	_, err := c.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "no answer in time") {
		t.Fatalf("err = %v", err)
	}
	if len(f.requests()) != 1 || len(*waits) != 0 {
		t.Fatalf("%d requests, %d waits: a timeout was retried", len(f.requests()), len(*waits))
	}
}

func TestNoRetryPastDeadline(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprint(w, "upstream down")
		return true
	})
	c, waits := f.client(t, Options{})
	c.backoff = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := c.Embed(ctx, []string{"a"})
	if !errors.Is(err, ErrServer) || !strings.Contains(err.Error(), "upstream down") || !strings.Contains(err.Error(), "no time left") {
		t.Fatalf("err = %v", err)
	}
	if len(f.requests()) != 1 || len(*waits) != 0 {
		t.Fatalf("%d requests, %d waits", len(f.requests()), len(*waits))
	}
}
