//go:build linux

package sandbox

import (
	"context"
	"os/exec"
	"sort"
	"testing"
	"time"
)

// BenchmarkOverhead reports the median wall time of a trivial .sh script
// run through Bubblewrap and through None (metrics bwrap-ms, none-ms and
// overhead-ms); each iteration runs it once in each.
func BenchmarkOverhead(b *testing.B) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		b.Skip("bwrap not installed (apt-get install bubblewrap)")
	}
	bw := newBwrap(b)
	none := NewNone()
	dir := writeSkill(b, map[string]string{"true.sh": "echo ok\n"})
	req := Request{SkillDir: dir, Script: "true.sh", Args: []Arg{{"x", "1"}}}
	var tb, tn []time.Duration
	for b.Loop() {
		for _, s := range []struct {
			box Sandbox
			out *[]time.Duration
		}{{bw, &tb}, {none, &tn}} {
			start := time.Now()
			res, err := s.box.Run(context.Background(), req)
			if err != nil || res.ExitCode != 0 || res.Stdout != "ok\n" {
				b.Fatalf("%s: %+v, %v", s.box.Name(), res, err)
			}
			*s.out = append(*s.out, time.Since(start))
		}
	}
	mb, mn := median(tb), median(tn)
	b.ReportMetric(ms(mb), "bwrap-ms")
	b.ReportMetric(ms(mn), "none-ms")
	b.ReportMetric(ms(mb-mn), "overhead-ms")
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
