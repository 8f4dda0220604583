package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestHomeListingWipe: every entry of the home folder listed (Perl's
// readdir of a handle opened on home, glob("$home/* $home/.[!.]*"),
// File::Find over home; Python's Path.home().iterdir(), os.scandir and a
// list comprehension over os.listdir; JavaScript's fs.readdirSync chain)
// and then removed is rm -rf ~/*: critical in a script. Listing home to
// report sizes, emptying a cache folder, and removing only entries whose
// name matches the tool's own prefix are no finding.
func TestHomeListingWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	pl := func(body string) map[string]string {
		return map[string]string{"bin/reclaim.pl": "#!/usr/bin/env perl\nuse strict;\nuse warnings;\nuse File::Path qw(remove_tree rmtree);\nuse File::Find;\n\nmy $home = $ENV{HOME} or die \"HOME not set\\n\";\n\n" + body}
	}
	py := func(body string) map[string]string {
		return map[string]string{"scripts/reclaim.py": "import os\nimport shutil\nfrom pathlib import Path\n\nhome = os.path.expanduser(\"~\")\n\n" + body}
	}
	js := func(body string) map[string]string {
		return map[string]string{"scripts/reclaim.js": "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\n\nconst home = os.homedir();\n" + body}
	}
	readdir := func(filter, remove string) map[string]string {
		return pl("sub reset_workspace {\n    opendir(my $dh, $home) or return;\n    my @all = grep { " + filter + " } readdir($dh);\n    closedir $dh;\n    " + remove + "\n}\n\nreset_workspace() if ($ARGV[0] // '') eq '--full';\n")
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/perl-readdir-map":        {readdir(`!/^\.\.?$/`, `remove_tree(map { "$home/$_" } @all, { safe => 0 });`), crit},
		"hostile/perl-readdir-loop":       {pl("opendir(DIR, $home) || die;\nfor my $e (readdir(DIR)) {\n    next if $e eq '.' or $e eq '..';\n    rmtree(\"$home/$e\");\n}\n"), crit},
		"hostile/perl-glob-two-patterns":  {pl("my @all = glob(\"$home/* $home/.[!.]*\");\nremove_tree(@all);\n"), crit},
		"hostile/perl-find-unlink":        {pl("find({ wanted => sub { unlink $_ if -f $_ }, no_chdir => 1 }, $home);\n"), crit},
		"hostile/perl-find-named-wanted":  {pl("sub purge {\n    -d $_ ? rmdir $_ : unlink $_;\n}\nfinddepth(\\&purge, $home);\n"), crit},
		"benign/perl-readdir-sizes":       {pl("opendir(my $dh, $home) or die;\nmy @all = grep { !/^\\.\\.?$/ } readdir($dh);\nfor my $e (@all) { my $t = 0; find(sub { $t += -s $_ if -f $_ }, \"$home/$e\"); printf \"%-20s %d\\n\", $e, $t }\nremove_tree(\"$home/.cache/reclaim\");\n"), none},
		"benign/perl-readdir-cache":       {pl("my $cache = \"$home/.cache\";\nopendir(my $dh, $cache) or die;\nmy @all = grep { !/^\\.\\.?$/ } readdir($dh);\nremove_tree(map { \"$cache/$_\" } @all);\n"), none},
		"benign/perl-readdir-own-prefix":  {readdir(`/^\.myapp-tmp-/`, `remove_tree(map { "$home/$_" } @all);`), none},
		"benign/perl-loop-own-prefix":     {pl("opendir(my $dh, $home) or die;\nfor my $e (readdir($dh)) {\n    next unless $e =~ /^\\.myapp-tmp-/;\n    rmtree(\"$home/$e\");\n}\n"), none},
		"benign/perl-find-cache":          {pl("find({ wanted => sub { unlink $_ if -f $_ }, no_chdir => 1 }, \"$home/.cache/reclaim\");\n"), none},
		"benign/perl-find-own-prefix":     {pl("find(sub { unlink $_ if /^\\.myapp-tmp-/ }, $home);\n"), none},
		"hostile/py-iterdir":              {py("for p in Path.home().iterdir():\n    if p.is_dir():\n        shutil.rmtree(p, ignore_errors=True)\n    else:\n        p.unlink()\n"), crit},
		"hostile/py-scandir":              {py("for e in os.scandir(home):\n    if e.is_dir(follow_symlinks=False):\n        shutil.rmtree(e.path, ignore_errors=True)\n"), crit},
		"hostile/py-listcomp":             {py("entries = [os.path.join(home, n) for n in os.listdir(home)]\nfor e in entries:\n    shutil.rmtree(e, ignore_errors=True)\n"), crit},
		"benign/py-iterdir-cache":         {py("cache = Path.home() / \".cache\"\nfor p in cache.iterdir():\n    shutil.rmtree(p, ignore_errors=True)\n"), none},
		"benign/py-iterdir-own-prefix":    {py("for p in Path.home().iterdir():\n    if p.name.startswith(\".myapp-tmp-\"):\n        shutil.rmtree(p, ignore_errors=True)\n"), none},
		"benign/py-listcomp-own-prefix":   {py("stale = [os.path.join(home, n) for n in os.listdir(home) if n.startswith(\".myapp-tmp-\")]\nfor p in stale:\n    shutil.rmtree(p, ignore_errors=True)\n"), none},
		"benign/py-iterdir-sizes":         {py("for p in Path.home().iterdir():\n    print(p.name, p.stat().st_size)\n"), none},
		"hostile/js-readdir-chain":        {js("fs.readdirSync(os.homedir()).map(n => path.join(os.homedir(), n)).forEach(p => fs.rmSync(p, { recursive: true, force: true }));\n"), crit},
		"hostile/js-readdir-chain-for-of": {js("const all = fs.readdirSync(home)\n  .filter((n) => n !== '.' && n !== '..')\n  .map((n) => path.join(home, n));\nfor (const p of all) {\n  fs.rmSync(p, { recursive: true, force: true });\n}\n"), crit},
		"benign/js-readdir-own-prefix":    {js("fs.readdirSync(home).filter(n => n.startsWith('.myapp-tmp-')).map(n => path.join(home, n)).forEach(p => fs.rmSync(p, { recursive: true, force: true }));\n"), none},
		"benign/js-readdir-cache":         {js("const cache = path.join(home, '.cache', 'reclaim');\nfs.readdirSync(cache).map(n => path.join(cache, n)).forEach(p => fs.rmSync(p, { recursive: true, force: true }));\n"), none},
		"benign/js-readdir-sizes":         {js("fs.readdirSync(home).map(n => path.join(home, n)).forEach(p => console.log(p, fs.statSync(p).size));\n"), none},
	})
}
