package audit

import "strings"

// The paths a dropper's download reaches (dropper.go). A careful
// installer writes the download beside its final name and moves it there
// once complete (writeFileSync(tmp, bytes); renameSync(tmp, BIN); in
// Python os.replace(tmp, dest), read by pyWrittenPaths), so the file run
// is the move's destination, not the written name; and a module often keeps the download in one
// function and the run in another, the path handed over as the first
// function's return value (async function ensure() { …; return BIN },
// ready ??= ensure(), const bin = await ready; spawn(bin, …)). Both
// carry the written file as an assignment does: a move's or copy's
// destination whose source holds it, a call of the script's function
// that returns it, and a name given such a value by a logical assignment
// (??=, ||=, &&=) hold it too. A network call is also read when Prettier's
// style breaks its member chain over lines (http\n  .get(url, …)).

var (
	// jsMoveTo moves, copies or links a file: group 1 the source, group
	// 2 the destination.
	jsMoveTo = lazyRE(`\b(?:renameSync|rename|copyFileSync|copyFile|cpSync|moveSync|move|linkSync|link)\s*\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*[,)]`)
	// jsLogicalAssign is a logical assignment: group 1 the name, group 2
	// the value.
	jsLogicalAssign = lazyRE(`([A-Za-z_$][\w$]*)\s*(?:\?\?|\|\||&&)=\s*([^;\n]+)`)
	// jsReturnValue is a return statement's value: group 1.
	jsReturnValue = lazyRE(`\breturn\s+([^;\n}]+)`)
	// jsChainBreak is whitespace and a line break before a member access
	// that continues the expression of the line above.
	jsChainBreak = lazyRE(`([\w$)\]])[ \t\r]*\n\s*(\??\.[A-Za-z_$])`)
)

// dropperPaths returns the names holding a path the script wrote (see
// above): derivedNames over written, in JavaScript grown by moves'
// destinations, the functions returning one and logical assignments,
// until nothing more is added.
func dropperPaths(f string, written map[string]bool, js bool) map[string]bool {
	seeds := map[string]bool{}
	for w := range written {
		seeds[w] = true
	}
	if !js {
		// Python's moves are writes already (pyWrittenPaths)
		return derivedNames(f, seeds, js)
	}
	defs := jsDefs(f)
	logical := jsLogicalAssign.FindAllStringSubmatch(f, 256)
	moved := jsMoveTo.FindAllStringSubmatch(f, 64)
	t := derivedNames(f, seeds, js)
	for range 4 {
		grew := false
		add := func(n string) {
			if n = strings.TrimSpace(n); n != "" && !seeds[n] {
				seeds[n], grew = true, true
			}
		}
		for _, m := range moved {
			if jsMentions(m[1], t) {
				add(m[2])
			}
		}
		for _, d := range defs {
			if d.name == "" {
				continue
			}
			for _, r := range jsReturnValue.FindAllStringSubmatch(f[d.start:d.end], 16) {
				if jsMentions(r[1], t) {
					add(d.name)
					break
				}
			}
		}
		for _, a := range logical {
			if jsMentions(a[2], t) {
				add(a[1])
			}
		}
		if !grew {
			break
		}
		t = derivedNames(f, seeds, js)
	}
	return t
}

// jsNetJoined reports whether script f makes a network call, with the
// member chains broken over lines joined (http\n  .get(url) as
// http.get(url)).
func jsNetJoined(f string) bool {
	if jsNet.MatchString(f) || jsAnswer.MatchString(f) {
		return true
	}
	if !strings.Contains(f, "\n") {
		return false
	}
	j := jsChainBreak.ReplaceAllString(f, "$1$2")
	return jsNet.MatchString(j) || jsAnswer.MatchString(j)
}
