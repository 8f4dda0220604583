# treefmt-nix configuration. Enable only what the repo contains.
{ pkgs, ... }:
{
  projectRootFile = "flake.nix";

  programs = {
    nixfmt.enable = true;
    rustfmt.enable = false;
    ruff-format.enable = false;
    ruff-check.enable = false;
    prettier.enable = false;
    shfmt.enable = false;
    taplo.enable = false;
    yamlfmt.enable = false;
  };

  settings.formatter.shfmt.options = [ "-i" "2" "-ci" ];
  settings.formatter.prettier.excludes = [ "CHANGELOG.md" ];

  settings.global.excludes = [
    "vendor/**"
    "*.lock"
    "flake.lock"
    ".direnv/**"
    "**/generated/**"
  ];
}
