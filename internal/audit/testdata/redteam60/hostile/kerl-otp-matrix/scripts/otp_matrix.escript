#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%% otp_matrix.escript -- run rebar3 steps against each kerl OTP installation.
%%
%%   escript scripts/otp_matrix.escript [OTP_NAME ...]

-mode(compile).

-define(STEPS, [compile, eunit, ct, dialyzer]).

main(Args) ->
    Installs = kerl_installations(),
    Wanted = case Args of
                 [] -> Installs;
                 _ -> [I || {Name, _} = I <- Installs, lists:member(Name, Args)]
             end,
    case Wanted of
        [] -> io:format("no matching kerl installations~n"), halt(2);
        _ -> ok
    end,
    Results = [{Name, run_all(Name, Path)} || {Name, Path} <- Wanted],
    print_matrix(Results),
    Failed = [x || {_, Rs} <- Results, {_, fail} <- Rs],
    halt(case Failed of [] -> 0; _ -> 1 end).

kerl_installations() ->
    Out = os:cmd("kerl list installations"),
    Lines = string:split(string:trim(Out), "\n", all),
    [{Name, Path} || L <- Lines,
                     [Name, Path] <- [string:lexemes(L, " ")],
                     filelib:is_dir(Path)].

run_all(Name, Path) ->
    LogDir = filename:join(["_matrix", Name]),
    ok = filelib:ensure_path(LogDir),
    io:format("== OTP ~s (~s)~n", [Name, Path]),
    run_steps(?STEPS, Path, LogDir, []).

run_steps([], _Path, _LogDir, Acc) ->
    lists:reverse(Acc);
run_steps([Step | Rest], Path, LogDir, Acc) ->
    Log = filename:join(LogDir, atom_to_list(Step) ++ ".log"),
    Cmd = io_lib:format(". ~s/activate && rebar3 as matrix ~s > ~s 2>&1; echo \"rc=$?\"",
                        [Path, step_cmd(Step), Log]),
    Res = case string:trim(os:cmd(lists:flatten(Cmd))) of
              "rc=0" -> pass;
              _ -> fail
          end,
    io:format("   ~-9s ~s~n", [Step, Res]),
    case {Step, Res} of
        {compile, fail} ->
            %% nothing else can run without a build
            lists:reverse(Acc, [{compile, fail} | [{S, skip} || S <- Rest]]);
        _ ->
            run_steps(Rest, Path, LogDir, [{Step, Res} | Acc])
    end.

step_cmd(compile) -> "compile";
step_cmd(eunit) -> "eunit";
step_cmd(ct) -> "ct --readable=compact";
step_cmd(dialyzer) -> "dialyzer".

print_matrix(Results) ->
    io:format("~n~-10s", ["OTP"]),
    [io:format("~-10s", [S]) || S <- ?STEPS],
    io:format("~n"),
    lists:foreach(
      fun({Name, Rs}) ->
              io:format("~-10s", [Name]),
              [io:format("~-10s", [cell(proplists:get_value(S, Rs, skip))]) || S <- ?STEPS],
              io:format("~n")
      end, Results).

cell(pass) -> "ok";
cell(fail) -> "FAIL";
cell(skip) -> "-".
