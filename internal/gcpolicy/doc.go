// Package gcpolicy is skilldex's garbage-collection and memory policy: a
// one-shot command defers its first collection (DeferFirstGC), a catalog
// build collects less often while its heap is small (OnBuild), and a
// serving process keeps a soft memory limit that follows its live heap
// (Serve). A user's own GOGC or GOMEMLIMIT always wins: every function then
// changes nothing. The package is internal to skilldex.
package gcpolicy
