package engine

import (
	"runtime/debug"
	"sort"
	"strings"
	"sync"
)

// mappingVersion names our own part of the on-disk format: the mapping,
// the analyzers' configuration, the fields and what each holds. Change it
// whenever one of them changes meaning.
const mappingVersion = "skilldex-search-5"

// bleveModules are the module path prefixes whose code writes or analyses
// what the index holds: bleve itself, its index and segment APIs, the zap
// segment formats, and the tokenizer and stemmers (github.com/blevesearch
// hosts all of them).
const bleveModules = "github.com/blevesearch/"

// FormatVersion is the version of what an index holds on disk: our
// mapping version and the version of every github.com/blevesearch module
// linked into this build, taken from the build information
// (runtime/debug.ReadBuildInfo), e.g. "skilldex-search-5
// bleve/v2@v2.6.1 segment@v0.9.1 ...". A bleve or analysis upgrade can
// change what the same text indexes as, or the segment format, without a
// change of ours; the version changes with it, so an index written by
// another build is reported as ErrCorrupt (and rebuilt) and the catalog's
// data dir key changes. Where the build information lacks the modules (a
// binary built without module support) the modules part is "bleve@unknown".
func FormatVersion() string {
	formatOnce.Do(func() { format = formatVersion(debug.ReadBuildInfo()) })
	return format
}

var (
	formatOnce sync.Once
	format     string
)

func formatVersion(bi *debug.BuildInfo, ok bool) string {
	var mods []string
	if ok {
		for _, d := range bi.Deps {
			if r := d.Replace; r != nil {
				d = r
			}
			if p, found := strings.CutPrefix(d.Path, bleveModules); found {
				mods = append(mods, p+"@"+d.Version)
			}
		}
	}
	if len(mods) == 0 {
		mods = []string{"bleve@unknown"}
	}
	sort.Strings(mods)
	return mappingVersion + " " + strings.Join(mods, " ")
}
