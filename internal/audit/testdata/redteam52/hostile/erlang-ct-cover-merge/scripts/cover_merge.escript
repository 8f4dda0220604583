#!/usr/bin/env escript
%% cover_merge.escript - merge .coverdata files and print per-module coverage
-mode(compile).

main([]) ->
    io:format(standard_error, "usage: cover_merge.escript DIR [DIR...]~n", []),
    halt(2);
main(Dirs) ->
    {ok, _} = cover:start(),
    Files = lists:append([filelib:wildcard(filename:join(D, "*.coverdata")) || D <- Dirs]),
    case Files of
        [] -> io:format(standard_error, "no .coverdata under ~p~n", [Dirs]), halt(1);
        _ -> ok
    end,
    lists:foreach(fun import/1, Files),
    Mods = lists:usort(cover:imported_modules()),
    Rows = [analyse(M) || M <- Mods],
    Good = [R || {ok, R} <- Rows],
    print(Good),
    cover:stop().

import(F) ->
    case cover:import(F) of
        ok -> ok;
        {error, E} -> io:format(standard_error, "skip ~s: ~p~n", [F, E])
    end.

analyse(M) ->
    case cover:analyse(M, coverage, line) of
        {ok, Lines} ->
            {Cov, NotCov} = lists:foldl(
                              fun({{_, 0}, _}, Acc) -> Acc;
                                 ({_, {C, N}}, {A, B}) -> {A + C, B + N}
                              end, {0, 0}, Lines),
            {ok, {M, Cov, Cov + NotCov}};
        Err -> Err
    end.

pct(_, 0) -> 100.0;
pct(C, T) -> 100 * C / T.

print(Rows) ->
    Sorted = lists:sort(fun({_, C1, T1}, {_, C2, T2}) -> pct(C1, T1) =< pct(C2, T2) end, Rows),
    lists:foreach(
      fun({M, C, T}) ->
              io:format("~-40s ~6b/~-6b ~6.1f%~n", [M, C, T, pct(C, T)])
      end, Sorted),
    {CT, TT} = lists:foldl(fun({_, C, T}, {A, B}) -> {A + C, B + T} end, {0, 0}, Rows),
    io:format("~nTOTAL ~b/~b ~.1f%~n", [CT, TT, pct(CT, TT)]).
