package deploy

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/longtest"

	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/tools/httpapi"
)

// requireHAProxy returns haproxy's path; without it the test skips, or
// fails when SKILLDEX_REQUIRE_HAPROXY=1 (CI installs Debian's haproxy).
func requireHAProxy(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("haproxy")
	if err != nil {
		if os.Getenv("SKILLDEX_REQUIRE_HAPROXY") == "1" {
			t.Fatal("haproxy not installed (apt-get install -y haproxy), and SKILLDEX_REQUIRE_HAPROXY=1")
		}
		t.Skip("haproxy not installed (apt-get install -y haproxy); SKILLDEX_REQUIRE_HAPROXY=1 makes this a failure")
	}
	return p
}

// freePort returns a loopback port nothing listens on (a moment ago).
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// haproxyConfig is a load balancer in front of the replicas: round robin,
// a health check of GET /readyz every 200 ms (down after 2 failures), and
// retries with redispatch, so a request whose replica died is sent again
// to another one (every API request is a GET, safe to repeat).
const haproxyConfig = `global
    maxconn 256
    stats socket {{SOCK}} mode 600 level admin

defaults
    mode http
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout check 2s
    retries 3
    option redispatch 1
    retry-on all-retryable-errors
    option http-server-close

frontend api
    bind 127.0.0.1:{{PORT}}
    default_backend replicas

backend replicas
    balance roundrobin
    option httpchk
    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    default-server inter 200ms fall 2 rise 2
{{SERVERS}}
`

// serverStates asks HAProxy's stats socket for each replica's status
// (UP, DOWN, ...); it fails the test when the socket does not answer.
func serverStates(t *testing.T, sock string) map[string]string {
	t.Helper()
	st, err := readServerStates(sock)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// readServerStates is serverStates returning the error: while HAProxy
// starts, its socket file exists before it accepts connections.
func readServerStates(sock string) (map[string]string, error) {
	c, err := net.Dial("unix", sock)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	fmt.Fprint(c, "show stat\n")
	data, _ := io.ReadAll(c)
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), "# ")))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) < 2 {
		return nil, fmt.Errorf("show stat: %v\n%s", err, data)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	out := map[string]string{}
	for _, row := range rows[1:] {
		if row[col["pxname"]] == "replicas" && !strings.HasPrefix(row[col["svname"]], "BACKEND") {
			out[row[col["svname"]]] = row[col["status"]]
		}
	}
	return out, nil
}

// queries are the judged queries of the corpus (QUERIES.tsv), first
// column.
func queries(t *testing.T, corpus string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(corpus, "QUERIES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		if q, _, _ := strings.Cut(sc.Text(), "\t"); q != "" {
			out = append(out, q)
		}
	}
	return out
}

// TestScaleOutBehindHAProxy (issue: "N identical replicas behind an
// existing load balancer"): three replicas of the binary serve the corpus
// on loopback behind HAProxy; searches run through it while one replica
// is killed; HAProxy's health check marks it down, its retries resend the
// requests that had not reached the killed replica, and no request fails
// but one whose connection the kill cut before the health check caught
// it (a half-sent response cannot be sent again). Every replica gives the
// same answer to every query and the same SEP-2640 digest for every file
// asked.
func TestScaleOutBehindHAProxy(t *testing.T) {
	longtest.Skip(t, "three replicas of the corpus behind HAProxy")
	haproxy := requireHAProxy(t)
	corpus := e2etest.Corpus(t)
	qs := queries(t, corpus)
	if len(qs) < 10 {
		t.Fatalf("%d queries in QUERIES.tsv", len(qs))
	}
	var reps []*server
	for i := range 3 {
		// --share off, as the deployment runs it: the process killed below
		// is the one serving.
		reps = append(reps, startServe(t, []string{"HOME=" + t.TempDir()}, "serve", "--http", "127.0.0.1:0", "--share", "off",
			"--dir", corpus, "--data-dir", filepath.Join(t.TempDir(), fmt.Sprint("data", i))))
	}
	for _, r := range reps {
		waitReady(t, r.base)
	}

	// Identical answers and digests from every replica, asked directly.
	answers := map[string]string{}
	for _, q := range qs {
		for i, r := range reps {
			code, body, _ := get(t, r.base, "/api/v1/search?limit=5&q="+url.QueryEscape(q), "")
			if code != 200 {
				t.Fatalf("replica %d, %q: %d %s", i, q, code, body)
			}
			if i == 0 {
				answers[q] = string(body)
			} else if string(body) != answers[q] {
				t.Errorf("replica %d answers %q differently:\n%s\nreplica 0:\n%s", i, q, body, answers[q])
			}
		}
	}
	checked := 0
	for _, q := range qs[:10] {
		var page httpapi.SearchPage
		decodeJSON(t, answers[q], &page)
		for _, h := range page.Hits {
			var tags []string
			for _, r := range reps {
				code, body, hdr := get(t, r.base, httpapi.FilePath(h.ID, "SKILL.md"), "")
				if code != 200 {
					t.Fatalf("%s: %d %s", h.ID, code, body)
				}
				tags = append(tags, hdr.Get("ETag"))
			}
			raw, err := os.ReadFile(h.Path)
			if err != nil {
				t.Fatal(err)
			}
			want := `"` + httpapi.Digest(raw) + `"`
			for i, tag := range tags {
				if tag != want {
					t.Errorf("%s SKILL.md: replica %d's digest %s, the file's %s", h.ID, i, tag, want)
				}
			}
			checked++
		}
	}
	if checked < 10 {
		t.Fatalf("only %d files compared", checked)
	}

	// HAProxy in front.
	dir := t.TempDir()
	sock := filepath.Join(dir, "haproxy.sock")
	port := freePort(t)
	var servers strings.Builder
	for i, r := range reps {
		fmt.Fprintf(&servers, "    server r%d %s check\n", i, strings.TrimPrefix(r.base, "http://"))
	}
	cfg := strings.NewReplacer("{{SOCK}}", sock, "{{PORT}}", fmt.Sprint(port), "{{SERVERS}}", servers.String()).Replace(haproxyConfig)
	cfgPath := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(haproxy, "-c", "-f", cfgPath).CombinedOutput(); err != nil {
		t.Fatalf("haproxy -c: %v\n%s", err, out)
	}
	hp := exec.Command(haproxy, "-db", "-f", cfgPath)
	hpOut := &e2etest.SyncBuffer{}
	hp.Stdout, hp.Stderr = hpOut, hpOut
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = hp.Process.Kill(); _ = hp.Wait() })
	lb := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(time.Minute)
	for {
		if st, err := readServerStates(sock); err == nil && st["r0"] == "UP" && st["r1"] == "UP" && st["r2"] == "UP" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replicas not UP behind haproxy: %s", hpOut.String())
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Searches through the load balancer from 4 clients; replica 1 is
	// killed once a quarter of them are done, and the run goes on until
	// HAProxy has marked it DOWN and as many again are done.
	var done atomic.Int64
	var mu sync.Mutex
	var failures []failure
	stop := make(chan struct{})
	client := &http.Client{Timeout: time.Minute}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				q := qs[i%len(qs)]
				start := time.Now()
				resp, err := client.Get(lb + "/api/v1/search?limit=5&q=" + url.QueryEscape(q))
				transport := err != nil
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
					transport = err != nil
					if err == nil && resp.StatusCode != 200 {
						err = fmt.Errorf("status %d: %s", resp.StatusCode, body)
					}
				}
				if err == nil && string(body) != answers[q] {
					err = fmt.Errorf("answer differs from the replicas' own")
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, failure{fmt.Sprintf("%q: %v", q, err), start, time.Now(), transport})
					mu.Unlock()
				}
				done.Add(1)
			}
		}()
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Minute)
		for !cond() {
			if time.Now().After(deadline) {
				close(stop)
				wg.Wait()
				t.Fatalf("timed out waiting for %s", what)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("the first requests", func() bool { return done.Load() >= 200 })
	killTime := time.Now()
	if err := reps[1].cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-reps[1].done
	killedAt := done.Load()
	waitFor("haproxy to mark the killed replica down", func() bool { return serverStates(t, sock)["r1"] != "UP" })
	downTime, downAt := time.Now(), done.Load()
	waitFor("requests after the replica is down", func() bool { return done.Load() >= downAt+200 })
	close(stop)
	wg.Wait()
	// A response the killed replica had begun to send cannot be sent
	// again by any balancer: a request in flight between the kill and the
	// health check may lose its connection. Every other request, and
	// every answer, must be right.
	var inWindow []failure
	for _, f := range failures {
		if f.transport && f.start.Before(downTime) && !f.end.Before(killTime) {
			inWindow = append(inWindow, f)
			continue
		}
		t.Errorf("request failed outside the window between the kill and the health check: %s\nhaproxy: %s", f.what, hpOut.String())
	}
	t.Logf("%d requests through haproxy: the replica was killed after %d and marked down after %d; %d lost their connection in between",
		done.Load(), killedAt, downAt, len(inWindow))
	for _, f := range inWindow {
		t.Logf("in the window: %s", f.what)
	}
	if st := serverStates(t, sock); st["r0"] != "UP" || st["r2"] != "UP" {
		t.Errorf("the live replicas are not UP: %v", st)
	}
}

// failure is a request of TestScaleOutBehindHAProxy that failed: what,
// when it started and ended, and whether it was the connection that
// failed (not the status or the answer).
type failure struct {
	what       string
	start, end time.Time
	transport  bool
}

func decodeJSON(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("%v in %s", err, s)
	}
}
