# Runner modes for unused-export-pruner.
# Each mode describes how the coding agent should be configured while the
# pruning loop runs. Consumed by prepare.nu.

export def modes [] {
  [
    {
      name: "interactive"
      stop_after_workspace: true
      agent: {
        defaultMode: "default"
        allow: []
      }
    }
    {
      name: "batch"
      stop_after_workspace: true
      agent: {
        defaultMode: "acceptEdits"
        allow: ["Bash(npx knip:*)", "Bash(git restore:*)"]
      }
    }
    {
      name: "unattended"
      stop_after_workspace: false
      agent: {
        defaultMode: "bypassPermissions"
        allow: ["Bash(*)", "Edit(*)", "Write(*)", "WebFetch(*)", "mcp__*"]
        skipDangerousModePermissionPrompt: true
      }
    }
  ]
}

export def find-mode [name: string] {
  let found = (modes | where name == $name)
  if ($found | is-empty) {
    error make { msg: $"unknown mode ($name); expected one of (modes | get name | str join ', ')" }
  }
  $found | first
}
