package audit

import (
	"testing"
)

// FuzzInlineListWipe: no code stops the inline-list reader (loop heads,
// unbalanced brackets and quotes, word lists), and every finding's line
// is inside the file.
func FuzzInlineListWipe(f *testing.F) {
	for _, s := range []string{
		"let home = dirs::home_dir().unwrap();\nfor d in [\".ssh\"] {\n    fs::remove_dir_all(home.join(d));\n}\n",
		"home, _ := os.UserHomeDir()\nfor _, d := range []string{\".ssh\"} {\n\tos.RemoveAll(filepath.Join(home, d))\n}\n",
		"my $home = $ENV{HOME};\nfor my $d (qw(.ssh)) { remove_tree(\"$home/$d\"); }\n",
		"home = Dir.home\n%w[.ssh].each do |d|\n  FileUtils.rm_rf(File.join(home, d))\nend\n",
		"for (const d of ['.ssh']) fs.rmSync(path.join(os.homedir(), d), {recursive: true})\n",
		"T = [\n'.ssh',\nhome = os.path.expanduser('~')\nfor d in T:\n shutil.rmtree(os.path.join(home, d))\n",
		"foreach ([\".ssh\"] as $d) { rmtree($HOME/$d); }", "for d in [", "home_dir(\nremove_dir_all(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanDataWipe(sc, "src/main.rs", code)
		fuzzLinesInFile(t, sc, code)
	})
}
