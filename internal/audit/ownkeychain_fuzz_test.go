package audit

import (
	"strings"
	"testing"
)

// FuzzOwnKeychainOnly: no code stops the keychain-service reader, and a
// read of a service nobody stores is never the code's own.
func FuzzOwnKeychainOnly(f *testing.F) {
	for _, s := range []string{
		"security find-generic-password -s \"$SVC\" -w\nsecurity add-generic-password -s \"$SVC\" -w x\n",
		"exec.Command(\"secret-tool\", \"lookup\", \"service\", service)\nexec.Command(\"secret-tool\", \"store\", \"service\", service)\n",
		"find-generic-password -s", "secret-tool lookup", "dump-keychain", "add-internet-password -s ${A}",
		strings.Repeat("find-generic-password -s x\n", 100),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		own := ownKeychainOnly(code)
		if own != ownKeychainOnly(code) {
			t.Fatal("not deterministic")
		}
		extra := code + "\nsecurity find-generic-password -s nobody-stores-this-service-zq -w\n"
		if strings.Contains(code, "nobody-stores-this-service-zq") {
			return
		}
		if ownKeychainOnly(extra) {
			t.Fatalf("a read of an unstored service counted as the code's own: %q", extra)
		}
	})
}
