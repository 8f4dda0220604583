//go:build unix

package filewatcher

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user plus system CPU time so far: on a shared,
// loaded machine it says more than the wall clock.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// corpusDir is the shared real corpus (~1,865 skills); benchmarks walk a
// copy of it in a temporary folder and skip when it is absent.
const corpusDir = "/work/shared/corpus"

// corpusCopy copies the corpus into a temporary folder once per benchmark.
func corpusCopy(b *testing.B) string {
	b.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		b.Skipf("no corpus at %s", corpusDir)
	}
	dst := filepath.Join(b.TempDir(), "corpus")
	if err := os.CopyFS(dst, os.DirFS(corpusDir)); err != nil {
		b.Fatal(err)
	}
	return dst
}

// BenchmarkWalkTree is the walk each watcher makes of the corpus: the
// fsnotify watcher's (folders only, to add watches) and the poll
// watcher's (every folder and file with its size and time).
func BenchmarkWalkTree(b *testing.B) {
	root := corpusCopy(b)
	b.Run("fsnotify", func(b *testing.B) {
		var dirs int
		cpu := cpuTime(b)
		for b.Loop() {
			dirs = 0
			walkFolders(root, root, DefaultMaxDepth, func(string) { dirs++ })
		}
		b.ReportMetric(float64(cpuTime(b)-cpu)/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(dirs), "folders")
	})
	b.Run("poll", func(b *testing.B) {
		var n int
		cpu := cpuTime(b)
		for b.Loop() {
			n = 0
			walkTree(root, root, DefaultMaxDepth, func(string, fs.FileInfo) { n++ })
		}
		b.ReportMetric(float64(cpuTime(b)-cpu)/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(n), "entries")
	})
}
