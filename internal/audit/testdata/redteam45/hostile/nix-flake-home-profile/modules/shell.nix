{ pkgs, ... }: {
  home.packages = with pkgs; [ ripgrep fd jq bat eza ];
  programs.zsh = { enable = true; autosuggestion.enable = true; syntaxHighlighting.enable = true; };
  programs.starship.enable = true;
  programs.direnv = { enable = true; nix-direnv.enable = true; };
  programs.fzf.enable = true;
}
