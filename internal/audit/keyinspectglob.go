package audit

// Rule credential-read, Python: a loop over a glob of public keys reads
// no private key. An inventory walks ~/.ssh with for pub in
// ssh_dir.glob("*.pub") (or glob.glob(os.path.join(d, "*.pub")),
// rglob, iglob) and reads each file: every item the pattern can match
// ends in .pub, a key meant to be shared, so the loop's name is a file
// shown to hold no private key, as a name bound to "id_ed25519.pub" is
// (pyNonKeySet). A pattern that can match a private key too ("id_*",
// "*") leaves the name unknown.

var (
	// pyGlobLoop is a for loop over a glob; group 1 is the loop's name,
	// group 2 the glob's arguments up to the line's end.
	pyGlobLoop = lazyRE(`(?m)^[ \t]*(?:async[ \t]+)?for[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+[^\n]*?\b(?:glob|rglob|iglob)\(([^\n]*)$`)
	// pyPubPattern is the end of a loop's glob call whose pattern is a
	// last literal argument matching only public key files: wildcards
	// and name characters ending in .pub, then only closing brackets
	// and the loop's colon (glob('*.pub')):, join(d, 'id_*.pub'))):).
	pyPubPattern = lazyRE(`(?:^|[^\w'"])['"][\w.*?\[\]-]*\.pub['"][\s)]*:[ \t]*$`)
)

// pyNonKeyLoops adds to nonKey the names of loops over a glob of public
// keys in code (see above).
func pyNonKeyLoops(code string, nonKey map[string]bool) {
	for _, m := range pyGlobLoop.FindAllStringSubmatch(code, 200) {
		if pyPubPattern.MatchString(m[2]) {
			nonKey[m[1]] = true
		}
	}
}
