{
  description = "NixOS VM integration tests for myservice";

  inputs.nixpkgs.url = "tarball+https://nixpkgs-mirror.example/channels/nixos-24.05/nixexprs.tar.xz";

  outputs = { self, nixpkgs }:
    let
      system = "x86_64-linux";
      pkgs = import nixpkgs { inherit system; };
      agentPrefs = import ./nix/agent-prefs.nix { inherit pkgs; };
    in
    {
      checks.${system}.vmtest = pkgs.testers.runNixOSTest (import ./tests/basic.nix);

      packages.${system}.driver =
        self.checks.${system}.vmtest.driverInteractive;

      apps.${system}.driver = {
        type = "app";
        program = "${self.packages.${system}.driver}/bin/nixos-test-driver";
      };

      devShells.${system}.default = pkgs.mkShell {
        packages = [ pkgs.nixpkgs-fmt pkgs.qemu pkgs.jq agentPrefs ];
        shellHook = ''
          mkdir -p .vmtest
          export VMTEST_STATE_DIR="$PWD/.vmtest"
          ${agentPrefs}/bin/vmtest-agent-prefs "$PWD"
          echo "vmtest shell ready: nix build .#checks.${system}.vmtest -L"
        '';
      };
    };
}
