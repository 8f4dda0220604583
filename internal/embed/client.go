package embed

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Defaults of Options.
const (
	// DefaultBatch is how many texts one request carries when Options.Batch
	// is 0: small enough for any server's limits (OpenAI allows 2,048
	// inputs, local servers run out of memory far sooner), large enough to
	// amortise the round trip.
	DefaultBatch = 64
	// DefaultAttempts is how many times one batch is tried when
	// Options.Attempts is 0 (the first request and up to three retries).
	DefaultAttempts = 4
	// DefaultTimeout bounds one HTTP request of the default HTTP client: a
	// CPU-only local model may take tens of seconds for a full batch.
	DefaultTimeout = 2 * time.Minute
	// MaxRetryAfter is the longest Retry-After the client waits; an
	// endpoint asking for longer fails at once with ErrRateLimited.
	MaxRetryAfter = 30 * time.Second
)

// Sentinel errors. Every error of Embed that matches one wraps it, so test
// with errors.Is; the message also names the endpoint (without
// credentials), the HTTP status and an excerpt of the answer.
var (
	// ErrConfig means New was given unusable Options (no model, a base URL
	// that is not http or https, a negative batch).
	ErrConfig = errors.New("embeddings: bad configuration")
	// ErrUnreachable means no HTTP answer came back: the connection was
	// refused or reset, the name did not resolve or TLS failed (after every
	// attempt), or the request timed out (not retried: it would again).
	// Typically the server is not running or the base URL is wrong.
	ErrUnreachable = errors.New("embeddings endpoint unreachable")
	// ErrAuth means the endpoint answered 401 or 403: the API key is
	// missing, wrong or lacks access to the model.
	ErrAuth = errors.New("embeddings endpoint refused the credentials")
	// ErrRateLimited means the endpoint still answered 429 after every
	// attempt, or asked to wait longer than MaxRetryAfter.
	ErrRateLimited = errors.New("embeddings endpoint rate-limited the request")
	// ErrServer means the endpoint still answered 5xx after every attempt.
	ErrServer = errors.New("embeddings endpoint failed")
	// ErrRejected means the endpoint answered another 4xx status (an
	// unknown model, a malformed or too large request): retrying the same
	// request cannot help.
	ErrRejected = errors.New("embeddings endpoint rejected the request")
	// ErrBadResponse means a 2xx answer that is not a valid embeddings
	// response: not JSON, a wrong number of vectors, vectors of different
	// lengths, an empty, zero, NaN or infinite vector.
	ErrBadResponse = errors.New("embeddings endpoint gave an invalid answer")
	// ErrEmptyText means a text to embed is empty or only white space;
	// endpoints refuse those (or return garbage), so nothing is sent.
	ErrEmptyText = errors.New("embeddings: empty text")
)

// errTimeout marks an ErrUnreachable that is a timed-out request, which is
// not retried.
var errTimeout = errors.New("timed out")

// Options configures a Client. BaseURL and Model are required.
type Options struct {
	// BaseURL is the API root as the user gives it, e.g.
	// "http://127.0.0.1:11434/v1" (Ollama) or "https://api.openai.com/v1";
	// requests go to BaseURL + "/embeddings" (a trailing slash is ignored,
	// a query string is kept). Only http and https are accepted. User
	// information in the URL is sent as HTTP basic auth but never shown.
	BaseURL string
	// Model is the model name the endpoint knows, e.g. "nomic-embed-text"
	// or "text-embedding-3-small".
	Model string
	// APIKey, when not empty, is sent as "Authorization: Bearer APIKey". It
	// never appears in an error or in Model(); an answer that echoes it has
	// it replaced by "[key]".
	APIKey string
	// HTTPClient sends the requests; nil uses a client with DefaultTimeout
	// per request, a 10 s connect timeout and the environment's proxy
	// settings.
	HTTPClient *http.Client
	// Batch is the most texts one request carries; 0 means DefaultBatch.
	Batch int
	// Dimensions, when > 0, is sent as "dimensions" (models that can
	// shorten their vectors, such as OpenAI's text-embedding-3-*), and
	// every vector must have that length. 0 leaves the model's own length.
	Dimensions int
	// Attempts is how many times one batch is tried on 429, 5xx and
	// connection errors; 0 means DefaultAttempts, 1 disables retries.
	Attempts int
}

// Client embeds texts through an OpenAI-compatible embeddings endpoint. It
// is safe for concurrent use.
type Client struct {
	endpoint   *url.URL // BaseURL + "/embeddings", with user information
	shown      string   // endpoint without user information or query, for messages
	base       string   // BaseURL without user information, query or trailing slash
	model      string
	key        string
	dims       int
	batch      int
	attempts   int
	http       *http.Client
	backoff    time.Duration // first retry's wait, doubled each retry
	sleep      func(ctx context.Context, d time.Duration) error
	maxBodyFor func(n int) int64
}

// New checks opts and returns a Client. Errors wrap ErrConfig and say what
// to fix. New sends nothing.
func New(opts Options) (*Client, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, args...))
	}
	if strings.TrimSpace(opts.Model) == "" {
		return nil, bad("no model named: give the embedding model's name as the endpoint knows it (e.g. nomic-embed-text for Ollama, text-embedding-3-small for OpenAI)")
	}
	raw := strings.TrimSpace(opts.BaseURL)
	if raw == "" {
		return nil, bad("no base URL: give the API root, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.openai.com/v1")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, bad("base URL %q does not parse (%v): write it as http://HOST:PORT/v1", redactURL(raw), errors.Unwrap(err))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, bad("base URL %s: scheme %q is not http or https (write it as http://HOST:PORT/v1)", redactURL(raw), u.Scheme)
	}
	if u.Host == "" {
		return nil, bad("base URL %s has no host", redactURL(raw))
	}
	if u.Fragment != "" {
		return nil, bad("base URL %s has a #fragment; remove it", redactURL(raw))
	}
	if opts.Batch < 0 || opts.Dimensions < 0 || opts.Attempts < 0 {
		return nil, bad("batch (%d), dimensions (%d) and attempts (%d) must not be negative", opts.Batch, opts.Dimensions, opts.Attempts)
	}
	u.Host = strings.ToLower(u.Host) // one server, one Model() string
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	plain := *u
	plain.User = nil
	plain.RawQuery = ""
	plain.ForceQuery = false
	c := &Client{
		base:     plain.String(),
		model:    strings.TrimSpace(opts.Model),
		key:      opts.APIKey,
		dims:     opts.Dimensions,
		batch:    opts.Batch,
		attempts: opts.Attempts,
		http:     opts.HTTPClient,
		backoff:  500 * time.Millisecond,
		sleep:    sleepCtx,
	}
	u.Path += "/embeddings"
	c.endpoint = u
	plain.Path = u.Path
	c.shown = plain.String()
	if c.batch == 0 {
		c.batch = DefaultBatch
	}
	if c.attempts == 0 {
		c.attempts = DefaultAttempts
	}
	if c.http == nil {
		c.http = defaultHTTPClient()
	}
	// An answer holds one JSON array of numbers per text; 256 KiB a vector
	// allows over 10,000 dimensions at full float precision.
	c.maxBodyFor = func(n int) int64 { return 1<<20 + int64(n)<<18 }
	return c, nil
}

// defaultHTTPClient is the client used when Options.HTTPClient is nil.
func defaultHTTPClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	t.ResponseHeaderTimeout = DefaultTimeout
	return &http.Client{Transport: t, Timeout: DefaultTimeout}
}

// Model returns the model name, "@" and the base URL without credentials,
// query or trailing slash, e.g. "nomic-embed-text@http://127.0.0.1:11434/v1";
// with Options.Dimensions set, "#dimensions=N" follows, since a shortened
// vector is not comparable with a full one. Vectors whose Model differs
// never mix (the Cache keys on it).
func (c *Client) Model() string {
	m := c.model + "@" + c.base
	if c.dims > 0 {
		m += "#dimensions=" + strconv.Itoa(c.dims)
	}
	return m
}

// Endpoint returns the URL requests go to, without credentials or query
// string, for messages (e.g. "http://127.0.0.1:11434/v1/embeddings").
func (c *Client) Endpoint() string { return c.shown }

// Embed returns one L2-normalised vector (unit length, so a dot product is
// the cosine similarity) per text, in the order of texts, all of one
// length. Texts go in requests of at most Options.Batch each, one after
// the other; each request is retried on 429, 5xx and connection errors
// (Options.Attempts), waiting with exponential backoff or the endpoint's
// Retry-After (up to MaxRetryAfter), and stops when ctx is done (the error
// then wraps ctx.Err()). No text means no request and a nil result.
//
// Errors wrap ErrEmptyText, ErrUnreachable, ErrAuth, ErrRateLimited,
// ErrServer, ErrRejected or ErrBadResponse (see each), or the context's
// error; nothing is returned on error.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	for i, t := range texts {
		if strings.TrimSpace(t) == "" {
			return nil, fmt.Errorf("%w: text %d of %d is empty or white space", ErrEmptyText, i, len(texts))
		}
	}
	if len(texts) == 0 {
		return nil, nil
	}
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += c.batch {
		part := texts[start:min(start+c.batch, len(texts))]
		vecs, err := c.embedBatch(ctx, part)
		if err != nil {
			return nil, err
		}
		if len(out) > 0 && len(vecs[0]) != len(out[0]) {
			return nil, fmt.Errorf("%w: %s returned %d dimensions for texts %d-%d but %d for the texts before",
				ErrBadResponse, c.shown, len(vecs[0]), start, start+len(part)-1, len(out[0]))
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// request is the JSON body POSTed to the endpoint.
type request struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
	Dimensions     int      `json:"dimensions,omitempty"`
}

// response is the part of the endpoint's answer the client reads.
type response struct {
	Data []struct {
		Index     *int            `json:"index"`
		Embedding json.RawMessage `json:"embedding"`
	} `json:"data"`
}

// embedBatch sends one request for texts (at most c.batch), retrying as
// Embed describes.
func (c *Client) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	body, err := json.Marshal(request{Model: c.model, Input: texts, EncodingFormat: "float", Dimensions: c.dims})
	if err != nil {
		return nil, fmt.Errorf("embeddings: encode request: %w", err)
	}
	var last error
	for attempt := 1; ; attempt++ {
		data, wait, err := c.post(ctx, body, len(texts))
		if err == nil {
			return c.decode(data, texts)
		}
		last = err
		if ctx.Err() != nil {
			if errors.Is(err, ErrUnreachable) { // the request itself was cut short
				return nil, fmt.Errorf("embeddings: %s: %w", c.shown, ctx.Err())
			}
			return nil, fmt.Errorf("embeddings: %s: %w (%v)", c.shown, ctx.Err(), err)
		}
		retry := (errors.Is(err, ErrUnreachable) && !errors.Is(err, errTimeout)) || errors.Is(err, ErrServer) || errors.Is(err, ErrRateLimited)
		if !retry || attempt >= c.attempts {
			break
		}
		if wait > MaxRetryAfter {
			return nil, fmt.Errorf("%w; it asks to retry after %s, longer than the %s skilldex waits", err, wait.Round(time.Second), MaxRetryAfter)
		}
		if wait <= 0 {
			// Exponential backoff with jitter, so clients that failed
			// together do not retry together.
			d := c.backoff << (attempt - 1)
			wait = d/2 + rand.N(d/2+1)
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			// The retry could not start in time: the endpoint's error says
			// more than a deadline would.
			return nil, fmt.Errorf("%w (no time left for a retry before the caller's deadline)", err)
		}
		if serr := c.sleep(ctx, wait); serr != nil {
			return nil, fmt.Errorf("embeddings: %s: %w (%v)", c.shown, serr, err)
		}
	}
	if c.attempts > 1 && !errors.Is(last, errTimeout) && (errors.Is(last, ErrUnreachable) || errors.Is(last, ErrServer) || errors.Is(last, ErrRateLimited)) {
		return nil, fmt.Errorf("%w (after %d attempts)", last, c.attempts)
	}
	return nil, last
}

// sleepCtx waits d or until ctx is done, returning ctx.Err() then.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// post sends body once and returns the answer's body on 2xx. On failure it
// returns an error wrapping one of the sentinels and, for 429 and 503, the
// wait Retry-After asks for (0 when absent).
func (c *Client) post(ctx context.Context, body []byte, n int) ([]byte, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint.String(), bytes.NewReader(body))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %s: %v", ErrConfig, c.shown, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// url.Error repeats the URL (with the user name); the message
		// names the endpoint itself.
		var ue *url.Error
		timeout := false
		if errors.As(err, &ue) {
			timeout = ue.Timeout()
			err = ue.Err
		}
		if timeout && ctx.Err() == nil {
			// The same request would time out again: not retried.
			return nil, 0, fmt.Errorf("%w: %s: %s: no answer in time (%w); a slow model may need a smaller batch or a longer timeout",
				ErrUnreachable, c.shown, c.redact(err.Error()), errTimeout)
		}
		return nil, 0, fmt.Errorf("%w: %s: %s: is the server running and the base URL right?", ErrUnreachable, c.shown, c.redact(err.Error()))
	}
	defer resp.Body.Close()
	limit := c.maxBodyFor(n)
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %s: reading the answer: %s", ErrUnreachable, c.shown, c.redact(err.Error()))
	}
	if resp.StatusCode/100 == 2 {
		if int64(len(data)) > limit {
			return nil, 0, fmt.Errorf("%w: %s answered more than %d bytes for %d texts", ErrBadResponse, c.shown, limit, n)
		}
		return data, 0, nil
	}
	msg := fmt.Sprintf("%s answered %s: %s", c.shown, resp.Status, c.excerpt(data))
	switch code := resp.StatusCode; {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		hint := "the endpoint wants an API key: set SKILLDEX_EMBEDDINGS_KEY (or embeddings_key in your config file)"
		if c.key != "" {
			hint = "the API key was refused or lacks access to model " + strconv.Quote(c.model) + ": check SKILLDEX_EMBEDDINGS_KEY (or embeddings_key in your config file)"
		}
		return nil, 0, fmt.Errorf("%w: %s: %s", ErrAuth, msg, hint)
	case code == http.StatusTooManyRequests:
		return nil, retryAfter(resp.Header.Get("Retry-After")), fmt.Errorf("%w: %s", ErrRateLimited, msg)
	case code >= 500:
		return nil, retryAfter(resp.Header.Get("Retry-After")), fmt.Errorf("%w: %s", ErrServer, msg)
	case code == http.StatusNotFound:
		return nil, 0, fmt.Errorf("%w: %s: check the model name %q (Ollama: ollama pull %s) and that the base URL is the API root that serves /embeddings (e.g. ending in /v1)",
			ErrRejected, msg, c.model, c.model)
	case code == http.StatusRequestEntityTooLarge:
		return nil, 0, fmt.Errorf("%w: %s: the batch of %d texts is too large for this endpoint; lower the batch size", ErrRejected, msg, n)
	default:
		return nil, 0, fmt.Errorf("%w: %s", ErrRejected, msg)
	}
}

// retryAfter parses a Retry-After header: seconds, or an HTTP date. It
// returns 0 when absent or unparsable.
func retryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 || math.IsNaN(s) {
			return 0
		}
		return time.Duration(min(s, 1e6) * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// excerpt is the start of an error answer for a message: white space
// folded, at most 300 bytes, the API key replaced.
func (c *Client) excerpt(data []byte) string {
	s := strings.Join(strings.Fields(string(data)), " ")
	if s == "" {
		return "(empty body)"
	}
	s = c.redact(s)
	if len(s) > 300 {
		cut := 300
		for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// redact replaces the API key and the URL's password wherever s holds them.
func (c *Client) redact(s string) string {
	if c.key != "" {
		s = strings.ReplaceAll(s, c.key, "[key]")
	}
	if p, ok := c.endpoint.User.Password(); ok && p != "" {
		s = strings.ReplaceAll(s, p, "[password]")
	}
	return s
}

// redactURL drops user information from a URL that may not parse, for
// New's messages.
func redactURL(raw string) string {
	if i := strings.Index(raw, "://"); i >= 0 {
		rest := raw[i+3:]
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		if at := strings.LastIndex(rest[:end], "@"); at >= 0 {
			return raw[:i+3] + rest[at+1:]
		}
	}
	return raw
}

// decode checks an answer for texts and returns its vectors, normalised,
// in input order.
func (c *Client) decode(data []byte, texts []string) ([][]float32, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrBadResponse, c.shown, fmt.Sprintf(format, args...))
	}
	var r response
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, bad("not an embeddings response (%v): %s", err, c.excerpt(data))
	}
	if len(r.Data) != len(texts) {
		return nil, bad("%d vectors for %d texts", len(r.Data), len(texts))
	}
	out := make([][]float32, len(texts))
	for pos, d := range r.Data {
		i := pos // servers that leave out "index" answer in input order
		if d.Index != nil {
			i = *d.Index
		}
		if i < 0 || i >= len(texts) {
			return nil, bad("index %d out of range for %d texts", i, len(texts))
		}
		if out[i] != nil {
			return nil, bad("index %d given twice", i)
		}
		v, err := parseVector(d.Embedding)
		if err != nil {
			return nil, bad("vector of text %d: %v", i, err)
		}
		if c.dims > 0 && len(v) != c.dims {
			return nil, bad("asked for %d dimensions, got %d: the model or server ignores \"dimensions\"; unset it", c.dims, len(v))
		}
		out[i] = v
	}
	for i := 1; i < len(out); i++ {
		if len(out[i]) != len(out[0]) {
			return nil, bad("vectors of different lengths (%d for text 0, %d for text %d)", len(out[0]), len(out[i]), i)
		}
	}
	return out, nil
}

// parseVector reads one "embedding" value, a JSON array of numbers or a
// base64 string of little-endian float32s (what servers send when they
// ignore encoding_format "float"), checks it and returns it L2-normalised.
func parseVector(raw json.RawMessage) ([]float32, error) {
	var v []float32
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) > 0 && raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil || len(b)%4 != 0 {
			return nil, fmt.Errorf("a string that is not base64 float32s")
		}
		v = make([]float32, len(b)/4)
		for i := range v {
			v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
	default:
		var f []float64
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("not an array of numbers: %v", err)
		}
		v = make([]float32, len(f))
		for i, x := range f {
			v[i] = float32(x)
		}
	}
	if len(v) == 0 {
		return nil, errors.New("empty")
	}
	if err := normalise(v); err != nil {
		return nil, err
	}
	return v, nil
}

// normalise scales v to unit length in place. It fails on NaN, infinite
// and all-zero vectors, which have no direction.
func normalise(v []float32) error {
	var sum float64
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("component %d is %v", i, x)
		}
		sum += float64(x) * float64(x)
	}
	if sum == 0 {
		return errors.New("all zeros")
	}
	n := math.Sqrt(sum)
	for i := range v {
		v[i] = float32(float64(v[i]) / n)
	}
	return nil
}
