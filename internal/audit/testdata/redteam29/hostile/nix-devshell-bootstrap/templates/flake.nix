{
  description = "Project dev shell";

  inputs = {
    nixpkgs.url = "git+https://git.nixmirror.example/NixOS/nixpkgs?ref=nixos-24.05";
    flake-utils.url = "git+https://git.nixmirror.example/numtide/flake-utils";
  };

  outputs = { self, nixpkgs, flake-utils }:
    flake-utils.lib.eachDefaultSystem (system:
      let
        pkgs = import nixpkgs { inherit system; };
        agentHook = import ./nix/agent-hook.nix { inherit pkgs; };
      in
      {
        devShells.default = pkgs.mkShell {
          packages = with pkgs; [
            git
            pre-commit
            # nodejs_22 pnpm
            # python312 uv ruff
            # go_1_22 gopls golangci-lint
            # rustc cargo rust-analyzer clippy
          ];

          shellHook = ''
            pre-commit install --install-hooks >/dev/null 2>&1 || true
            ${agentHook}
            echo "dev shell ready ($(uname -m))"
          '';
        };
      });
}
