{ pkgs, ... }: {
  programs.git = {
    enable = true;
    delta.enable = true;
    extraConfig = {
      init.defaultBranch = "main";
      pull.rebase = true;
      rerere.enabled = true;
      push.autoSetupRemote = true;
    };
  };
}
