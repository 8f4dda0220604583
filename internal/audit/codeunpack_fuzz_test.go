package audit

import (
	"strings"
	"testing"
)

// FuzzCodeUnpack: no Python or JavaScript text stops the readers of
// archives a script unpacks from a download and runs from (archive
// openers bound, chained or with-bound, node-tar option objects, pipes,
// the command lines a script builds from f-strings, templates, +, .format
// and %, path joins, cwd options and chdir), and every finding's line is
// inside the script; renderExpr and shellSegments end on any input.
func FuzzCodeUnpack(f *testing.F) {
	for _, s := range []string{
		"import tarfile, subprocess, urllib.request\nurllib.request.urlretrieve(u, a)\nwith tarfile.open(a) as tf:\n    tf.extractall(d)\nsubprocess.run([os.path.join(d, 'install.sh')])\n",
		"zipfile.ZipFile(io.BytesIO(requests.get(u).content)).extractall(path=d)\nos.chdir(d)\nsubprocess.Popen(['./x'], start_new_session=True)\n",
		"os.system(f\"curl -o {a} {u} && tar -xzf {a} -C {d} && cd {d} && ./configure\")\n",
		"os.system('tar xzf %s -C %s' % (a, d))\nsubprocess.run('{}/bin/t'.format(d), shell=True, cwd=d)\n",
		"https.get(u, (res) => res.pipe(tar.x({ C: dir })).on('finish', () => spawn(path.join(dir, 'bin', 't'), [], { detached: true })));\n",
		"const z = new AdmZip(p);\nz.extractAllTo(out, true);\nexecFileSync('./setup', [], { cwd: out });\nfs.writeFileSync(p, b); fetch(u);\n",
		"await extract(p, { dir: out });\nexecSync(`sh ${out}/i.sh`);\n", "decompress(p, o)\n",
		"tarfile.open(", "tf.extractall(", "shutil.unpack_archive(", "tar.x({", "new AdmZip(", "f\"{", "'%s' % (", "'{}'.format(", "`${",
		strings.Repeat("d = os.path.join(d, 'x')\n", 60) + "tarfile.open(a).extractall(d)\n",
		strings.Repeat("(", 300) + "tarfile.open(a).extractall(" + strings.Repeat("[", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, js := range []bool{false, true} {
			sc := scanCtx(code)
			if js {
				scanJSDropper(sc, "lib/x.js", code)
			} else {
				scanPyDropper(sc, "scripts/x.py", code)
			}
			fuzzLinesInFile(t, sc, code)
			_ = shellSegments(renderExpr(code, js))
		}
	})
}

// FuzzShellUnpack: no shell text stops the reading of archives unpacked
// from a download (tar, unzip and 7z flags, pipes into tar, cd, the
// digest check), and every finding's line is inside the file.
func FuzzShellUnpack(f *testing.F) {
	for _, s := range []string{
		"curl -fsSL -o t.tgz u\ntar -xzf t.tgz -C d\nsh d/install.sh\n",
		"wget -q https://x/a.tar.gz\ntar xzf a.tar.gz\ncd a\n./configure\n",
		"curl -fsSL u | tar -xz -C \"$d\" --strip-components=1\n\"$d/bin/t\" --init\n",
		"curl -o z.zip u\necho \"$S  z.zip\" | sha256sum -c -\nunzip -q z.zip -d o\n./o/t\n",
		"curl -o a.7z u\n7z x a.7z -oout\nbash out/s.sh\n", "tar -xf", "unzip -d", "tar --file=", "7z x", "cd", "tar -C",
		strings.Repeat("curl -o a$RANDOM u\ntar -xf a$RANDOM -C d$RANDOM\n", 40) + "sh d1/x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/x.sh", code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
