package audit

import (
	"testing"
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
		for _, name := range exts {
			sc := scanCtx(code)
			scanSockRun(sc, name, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
