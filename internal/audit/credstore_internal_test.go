package audit

import "testing"

// FuzzSecretEnvEnum: the environment-enumeration scan and its
// redaction check never panic, and what they return is a range of the
// text.
func FuzzSecretEnvEnum(f *testing.F) {
	for _, s := range []string{
		"for (k, v) in env::vars() { if k.contains(\"TOKEN\") { } }",
		"for _, kv := range os.Environ() {\n if !strings.Contains(kv, \"SECRET\") {",
		"os.Environ() strings.HasPrefix(kv, \"AWS_\") { continue }",
		"env::vars()contains(\"key\"",
		"!contains(\"x_token\")",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m := secretEnvEnum(s); m != nil && (m[0] < 0 || m[1] > len(s) || m[0] > m[1]) {
			t.Fatalf("range %v outside %d bytes", m, len(s))
		}
		for _, m := range credStoreRead.FindAllStringIndex(s, -1) {
			_ = credStoreName(s[m[0]:m[1]])
		}
	})
}
