package audit

import (
	"strings"
	"testing"
)

// FuzzGDScriptSockRun: no GDScript text stops the peer-read-run reader
// (the R reader's blankers and scans with GDScript's patterns, the
// loopback host resolution through constants), and every finding's line
// is inside the file.
func FuzzGDScriptSockRun(f *testing.F) {
	for _, s := range []string{
		"var p := StreamPeerTCP.new()\nfunc _ready():\n\tp.connect_to_host(H, 1)\nfunc _process(d):\n\tvar l := p.get_utf8_string(4)\n\tOS.execute(\"sh\", [\"-c\", l])\n",
		"const H := \"127.0.0.1\"\nvar w = WebSocketPeer.new()\nw.connect_to_url(\"ws://%s:1\" % H)\nOS.execute(w.get_packet())\n",
		"var r = HTTPRequest.new()\nr.request_completed.connect(func(a, b, c, d):\n\tOS.shell_open(d))\nr.request(U)\n",
		"var s = TCPServer.new()\ns.listen(1, \"[::1]\")\n", "const A := B\nconst B := A\nvar t = HTTPClient.new()\nt.connect_to_host(A)\nOS.execute(",
		"\"\"\"unterminated\nOS.execute(", "OS.execute((((", "'", "\"\\", "PacketPeerUDP.new().set_dest_address(\"\", ",
		strings.Repeat("a = b\n", 50) + "StreamPeerTCP.new(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanGDScriptSockRun(sc, "addons/x/x.gd", code)
		fuzzLinesInFile(t, sc, code)
	})
}

// FuzzDropperPaths: no script stops the following of a download through
// moves, functions' returns and logical assignments (dropperpath.go), and
// every finding's line is inside the file.
func FuzzDropperPaths(f *testing.F) {
	for _, s := range []string{
		"https\n  .get(u, r => r.pipe(createWriteStream(t)));\nrenameSync(t, B);\nfunction g() { return B }\nx ??= g();\nspawn(x);\n",
		"function f() { return f() }\nrename(a, b); rename(b, a);\nexecFile(a)\n",
		"urlretrieve(u, t)\nos.replace(t, d)\nsubprocess.run([d])\n",
		"return", "rename(", "a ??= ", "\n.", "function (",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanJSDropper(sc, "lib/x.js", code)
		scanPyDropper(sc, "x.py", code)
		fuzzLinesInFile(t, sc, code)
	})
}
