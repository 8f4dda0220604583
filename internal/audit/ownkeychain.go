package audit

import "strings"

// keychainOp matches a command word that reads (find-…-password,
// secret-tool lookup) or writes (add-…-password, secret-tool store) an
// item of the macOS keychain or of libsecret, and dump-keychain, which
// reads every item.
var keychainOp = lazyRE(`\b(find-(?:generic|internet)-password|add-(?:generic|internet)-password|dump-keychain)\b|\bsecret-tool\W{1,6}(lookup|store)\b`)

// keychainService takes the service an item operation names: the
// argument after -s (security) or after the service attribute
// (secret-tool), a literal or a variable, in shell words or a call's
// argument list ("-s", service).
var (
	keychainDashS   = lazyRE(`(?:^|[\s"'\x60,\[(])-s(?:["']?\s*,\s*|\s+)["']?([^\s"'\x60,)\]]+)`)
	keychainAttrSvc = lazyRE(`\bservice["']?(?:\s*,\s*|\s+)["']?([^\s"'\x60,)\]]+)`)
)

// ownKeychainOnly reports whether every keychain or libsecret read in
// code is of a service the same code also stores (add-generic-password
// -s X, secret-tool store … service X): a credential helper answering
// from the entry it created itself (git's credential helpers work so),
// not a reach into another program's secrets. A read naming no service,
// or dump-keychain, is not its own.
func ownKeychainOnly(code string) bool {
	stored := map[string]bool{}
	var read []string
	for _, m := range keychainOp.FindAllStringSubmatchIndex(code, -1) {
		op := ""
		if m[2] >= 0 {
			op = code[m[2]:m[3]]
		} else {
			op = code[m[4]:m[5]]
		}
		line := code[m[1]:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		svc := ""
		re := keychainDashS
		if op == "lookup" || op == "store" {
			re = keychainAttrSvc
		}
		if s := re.FindStringSubmatch(line); s != nil {
			// the same name however it is interpolated: $SVC, ${SVC},
			// Ruby's #{SVC}
			svc = strings.Trim(s[1], "#${}()")
		}
		switch {
		case op == "dump-keychain":
			return false
		case strings.HasPrefix(op, "add-") || op == "store":
			if svc != "" {
				stored[svc] = true
			}
		default:
			if svc == "" {
				return false
			}
			read = append(read, svc)
		}
	}
	if len(read) == 0 {
		return false
	}
	for _, s := range read {
		if !stored[s] {
			return false
		}
	}
	return true
}

// credReadRank is credReadSeverity for a credential read with no send in
// code: a keychain read of only the entries the same code stores is low.
func credReadRank(what, code string) (Severity, string) {
	sev, reason := credReadSeverity(what)
	if sev == Medium && keychainWhat(what) && ownKeychainOnly(code) {
		return Low, "reads " + what + ": only the keychain entries the same code stores (a credential helper's own items)"
	}
	return sev, reason
}

// keychainWhat reports whether a credential read's description is a
// keychain or libsecret read.
func keychainWhat(what string) bool {
	return strings.Contains(what, "keychain") || strings.Contains(what, "-password") || strings.Contains(what, "secret-tool")
}
