package audit

import (
	"strings"
	"testing"
)

// FuzzRubyServiceBound: no Ruby source stops the reading of where its
// calls connect (URI(…), uri.host, "#{BASE}/x", keywords, arguments
// without parentheses, variables assigned from each other), and a
// destination it cannot follow is never read as a fixed host.
func FuzzRubyServiceBound(f *testing.F) {
	for _, s := range []string{
		"uri = URI(\"https://api.heroku.com/apps\")\nNet::HTTP.start(uri.host, uri.port) { |h| h.request(r) }\n",
		"API = \"https://api.github.com\"\nNet::HTTP.post(URI(\"#{API}/x\"), b)\n",
		"Faraday.new(url: \"https://api.github.com\")\n", "HTTParty.post RELAY, body: x\n", "TCPSocket.new(ENV[\"H\"], 1)",
		"a = b\nb = a\nNet::HTTP.get(URI(a))\n", "URI(\"#{", "Net::HTTP.get(URI(URI(URI(x))))", "u = u.host\nURI.open(u)",
		strings.Repeat("Net::HTTP.get(URI(y))\n", 80), "Net::HTTP.post(\"#{x}\")", "Net::HTTP::Post.new(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d := rubyDestinations(src)
		if !strings.Contains(src, "://") && !d.unknown {
			for h := range d.hosts {
				if !strings.Contains(strings.ToLower(src), h) {
					t.Fatalf("host %q is not in the source", h)
				}
			}
		}
		rubyServiceBound(src)
	})
}
