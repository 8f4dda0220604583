package audit

import "testing"

// FuzzBulkCredRead: no program text stops the bulk credential-read
// reader of the module join, in any language it reads.
func FuzzBulkCredRead(f *testing.F) {
	for _, s := range []string{
		"for k, v in os.environ.items():\n", "JSON.stringify(process.env)", "env::vars().filter(|(k, _)| k.contains(\"TOKEN\"))",
		"open('~/.aws/credentials').read()", "git credential fill", "%ENV", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, rel := range []string{"a.py", "a.js", "build.rs", "a.rb", "a.sh", "a.md"} {
			bulkCredRead(rel, code)
		}
	})
}
