# shell.nix - example dev shell using the team binary cache check.
{ pkgs ? import <nixpkgs> { } }:

let
  cache = import ./nix/substituter.nix {
    inherit pkgs;
    cacheName = "acme";
    cacheHost = "acme.cachix.example";
  };
in
cache.wrapShell {
  name = "acme-dev";
  packages = with pkgs; [
    ghc
    cabal-install
    haskell-language-server
    postgresql_16
    nodejs_20
    jq
  ];
  shellHook = ''
    echo "acme dev shell (cache: $NIX_TEAM_CACHE, status: $NIX_TEAM_CACHE_STATUS)"
  '';
}
