package audit

import (
	"context"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// FuzzScanSockRun: no Perl, Ruby or Elixir text stops the socket-lines
// reader (socket and read variables quoted into patterns), and every
// finding's line is inside the file.
func FuzzScanSockRun(f *testing.F) {
	for _, s := range []string{
		"my $s = IO::Socket::INET->new(PeerAddr => $h);\nwhile (my $l = <$s>) { qx{$l} }\n",
		"s = TCPSocket.new(h, 1)\nwhile (l = s.gets)\n  %x(#{l})\nend\n",
		"with {:ok, line} <- :gen_tcp.recv(sock, 0) do\n System.cmd(\"sh\", [\"-c\", line])\nend\n",
		"$s = IO::Socket::INET->new", "while (<$s>) {", "{:ok, x} = :ssl.recv(", "s.each_line { |c",
	} {
		f.Add(s)
	}
	exts := []string{"x.pl", "x.rb", "x.ex"}
	f.Fuzz(func(t *testing.T, code string) {
		lines := strings.Count(code, "\n") + 1
		for _, name := range exts {
			sc := &skillCtx{ctx: context.Background(), skill: index.Skill{Name: "s"}}
			sc.fileText = code
			scanSockRun(sc, name, code)
			for _, fd := range sc.findings {
				if fd.Line < 1 || fd.Line > lines {
					t.Fatalf("%s: finding at line %d of a %d-line file: %+v", name, fd.Line, lines, fd)
				}
			}
		}
	})
}
