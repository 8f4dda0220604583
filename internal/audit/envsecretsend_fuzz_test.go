package audit

import "testing"

// FuzzRubyEnvDump: no text stops the Ruby environment-dump reader or
// its block reader, and an offset returned lies inside the text.
func FuzzRubyEnvDump(f *testing.F) {
	for _, s := range []string{
		"ctx = ENV.select { |k, _| k.start_with?('CI_') || k =~ /TOKEN/ }\n", "ENV.select do |k|\n k =~ /\\AX_/\nend",
		"system(ENV.to_h, 'x')", "(ENV)", "ENV.select {", "ENV.select do", "`env`", "%x(printenv)", "Hash[ENV]", "ENV.select { { } } }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if off := rubyEnvDump(text); off < -1 || off >= len(text)+1 {
			t.Fatalf("offset %d outside the text (%d bytes)", off, len(text))
		}
		if b := rubyBlockAfter(text); len(b) > len(text) {
			t.Fatalf("block longer than the text")
		}
		rubyOwnPrefixBlock(text)
	})
}
