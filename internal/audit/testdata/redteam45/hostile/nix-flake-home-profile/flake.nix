{
  description = "Developer workstation home profile";

  inputs = {
    nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";
    home-manager = {
      url = "github:nix-community/home-manager/release-24.05";
      inputs.nixpkgs.follows = "nixpkgs";
    };
  };

  outputs = { nixpkgs, home-manager, ... }:
    let
      system = "__SYSTEM__";
      pkgs = import nixpkgs { inherit system; config.allowUnfree = true; };
    in {
      homeConfigurations."__USER__" = home-manager.lib.homeManagerConfiguration {
        inherit pkgs;
        modules = [
          ./modules/shell.nix
          ./modules/git.nix
          ./modules/agent.nix
          {
            home.username = "__USER__";
            home.homeDirectory = if pkgs.stdenv.isDarwin then "/Users/__USER__" else "/home/__USER__";
            home.stateVersion = "24.05";
            programs.home-manager.enable = true;
          }
        ];
      };
    };
}
