package audit

import (
	"strings"
	"testing"
)

// FuzzRubyFetchCmds: no Ruby source stops the reading of what it does
// with a server's answer (fetches, client objects, block parameters,
// saves, runs and digest checks of the answer), and every command it
// records points at a line of the file.
func FuzzRubyFetchCmds(f *testing.F) {
	for _, s := range []string{
		"body = Net::HTTP.get(URI(URL))\nFile.write(\"/tmp/i.sh\", body)\nsystem(\"bash /tmp/i.sh\")\n",
		"s = URI.open(u).read\nIO.popen([\"bash\"], \"w\") { |io| io.write(s) }\n",
		"c = Faraday.new(url: u)\nr = c.get(\"/x\")\nFile.binwrite(\"x\", r.body)\n",
		"open(\"https://h/x\") { |r| File.write(p, r.read) }\n",
		"abort unless Digest::SHA256.hexdigest(s) == PIN\nOpen3.capture2(\"sh\", stdin_data: s)\n",
		"x = HTTParty.get(u)\n`#{x.body}`\n", "File.open(p, \"w\") do |f|\n f << x\n", "IO.copy_stream(URI.open(u), p)",
		"a = b\nb = a\nsystem(a)\n", "Net::HTTP.start(h) do |http|\n", "#{", "<<~X\n", strings.Repeat("x = Net::HTTP.get(y)\n", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := newRubyScan(nil, "", src)
		code := r.code
		r.fetchCmds()
		n := strings.Count(code, "\n") + 1
		for _, c := range r.cmds {
			if c.line < 1 || c.line > n {
				t.Fatalf("command at line %d of %d", c.line, n)
			}
		}
	})
}
