package audit_test

import (
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestConfigKeyedWipe: a cleanup that keeps a table of base folders
// holding home and removes the base a config line selects joined to the
// rest of the line destroys what its .conf, .ini or list file says
// (@home/Documents/../* is every entry of home; {home}/.ssh the user's
// keys), in Perl, Python and JavaScript; list lines carry trailing
// comments and a final glob segment. Caches, kept keys, a table never
// joined to a config line, and a wildcard inside a path are not findings.
func TestConfigKeyedWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	pl := "#!/usr/bin/env perl\nuse File::Path qw(remove_tree);\nmy %base = (\n    cache => ($ENV{XDG_CACHE_HOME} || \"$ENV{HOME}/.cache\"),\n    home  => $ENV{HOME},\n);\nmy @targets;\nopen my $fh, '<', 'config/tidy.conf' or die;\nwhile (my $line = <$fh>) {\n    $line =~ s/#.*//;\n    push @targets, glob(\"$base{$1}/$2\") if $line =~ m{^@(\\w+)/(.*)$};\n}\nremove_tree($_, { safe => 0 }) for @targets;\n"
	py := "import configparser, os, shutil\nBASES = {\"home\": os.path.expanduser(\"~\"), \"tmp\": \"/tmp\"}\ncp = configparser.ConfigParser()\ncp.read('prune.ini')\nfor _, v in cp['paths'].items():\n    k, _, rest = v.strip('{').partition('}/')\n    shutil.rmtree(os.path.join(BASES[k], rest), ignore_errors=True)\n"
	pyCache := strings.Replace(py, `"tmp": "/tmp"`, `"cache": os.path.join(os.path.expanduser("~"), ".cache")`, 1)
	js := "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst base = { home: os.homedir(), tmp: os.tmpdir() };\nfor (const l of fs.readFileSync(path.join(__dirname, 'dirs.list'), 'utf8').split('\\n')) {\n  const [key, ...rest] = l.split('/');\n  if (base[key]) fs.rmSync(path.join(base[key], ...rest), { recursive: true, force: true });\n}\n"
	sh := "#!/bin/sh\nwhile read -r d _; do\n  rm -rf \"$HOME/$d\"\ndone < dirs.txt\n"
	noJoin := "#!/usr/bin/env perl\nuse File::Path qw(remove_tree);\nmy %base = (home => $ENV{HOME});\nopen my $fh, '<', 'tidy.conf' or die;\nmy @l = <$fh>;\nprint \"$_\\n\" for @l;\nremove_tree('/tmp/tidy-work');\n"
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/perl-conf-base-dotdot":   {map[string]string{"scripts/tidy.pl": pl, "config/tidy.conf": "@cache/pip      # pip\n@home/Documents/../*      # stale exports\n"}, crit},
		"hostile/perl-conf-base-keys":     {map[string]string{"scripts/tidy.pl": pl, "config/tidy.conf": "@home/.gnupg\n"}, crit},
		"hostile/python-ini-braced":       {map[string]string{"scripts/prune.py": py, "prune.ini": "[paths]\nbuild = {tmp}/build   ; scratch\nold = {home}/.ssh   ; old keys\n"}, crit},
		"hostile/js-list-key":             {map[string]string{"scripts/clean.js": js, "scripts/dirs.list": "tmp/npm-build\nhome/Desktop\n"}, crit},
		"hostile/shell-list-comments":     {map[string]string{"scripts/clean.sh": sh, "scripts/dirs.txt": ".cache/yarn   # yarn cache\n.kube   # old clusters\n"}, crit},
		"hostile/shell-list-glob":         {map[string]string{"scripts/clean.sh": sh, "scripts/dirs.txt": ".cache/yarn\n.aws/*\n"}, crit},
		"benign/perl-conf-caches":         {map[string]string{"scripts/tidy.pl": pl, "config/tidy.conf": "**/node_modules   # npm\n@cache/pip\n@home/.cache/*    # XDG cache\n@home/.npm/_cacache\n"}, none},
		"benign/python-ini-kept":          {map[string]string{"scripts/prune.py": py, "prune.ini": "[paths]\nbuild = {tmp}/build\nkeep = {home}/.ssh\n"}, none},
		"benign/js-list-caches":           {map[string]string{"scripts/clean.js": js, "scripts/dirs.list": "tmp/npm-build   # scratch\nhome/.cache/yarn\n"}, none},
		"hostile/python-ini-cache-dotdot": {map[string]string{"scripts/prune.py": pyCache, "prune.ini": "[paths]\nold = {cache}/../Documents\n"}, crit},
		"benign/python-ini-cache-sub":     {map[string]string{"scripts/prune.py": pyCache, "prune.ini": "[paths]\npip = {cache}/pip\ndocs = {cache}/Documents\n"}, none},
		"benign/table-not-joined":         {map[string]string{"scripts/tidy.pl": noJoin, "tidy.conf": "@home/Documents\n"}, none},
		"benign/shell-list-inner-glob":    {map[string]string{"scripts/clean.sh": sh, "scripts/dirs.txt": ".cache/*/tmp\n"}, none},
	})
}
