# Prune unused exports, files and dependencies in one workspace, then verify.

def keep-list [] {
  open .knip-prune/keep.txt | lines | where {|l| ($l | str trim) != "" }
}

def unexport [file: string, symbol: string] {
  let text = (open --raw $file)
  let pattern = $"export \(const|function|class|type|interface|enum|let\) ($symbol)\\b"
  let updated = ($text | str replace --regex $pattern $"$1 ($symbol)")
  $updated | save --force $file
}

def verify [ws: string] {
  let tc = (do { ^npm run --workspace $ws typecheck --if-present } | complete)
  let tests = (do { ^npm run --workspace $ws test --if-present } | complete)
  ($tc.exit_code == 0) and ($tests.exit_code == 0)
}

def main [--workspace: string] {
  let plan = (open .knip-prune/plan.json)
  let entry = ($plan.workspaces | where workspace == $workspace | first)
  let keep = (keep-list)
  let report = (do { ^npx knip --workspace $workspace --reporter json --no-exit-code } | complete | get stdout | from json)

  mut removed = { exports: 0, files: 0, deps: 0 }
  if not $entry.private {
    print $"($workspace) is public; skipping exports"
  } else {
    for issue in $report.issues {
      for ex in ($issue.exports | default []) {
        if not ($ex.name in $keep) {
          unexport $issue.file $ex.name
          $removed.exports += 1
        }
      }
    }
  }
  for f in ($report.files | default []) {
    if not ($f in $keep) { rm $f; $removed.files += 1 }
  }
  let pkg = $"($workspace)/package.json"
  let unused = ($report.issues | each {|i| $i.dependencies | default [] | get name } | flatten | uniq)
  if not ($unused | is-empty) {
    let p = (open $pkg)
    let deps = ($p.dependencies? | default {} | reject --ignore-errors ...$unused)
    $p | upsert dependencies $deps | to json --indent 2 | save --force $pkg
    $removed.deps = ($unused | length)
  }

  if (verify $workspace) {
    print $"($workspace): removed ($removed.exports) exports, ($removed.files) files, ($removed.deps) deps"
  } else {
    ^git restore --source=HEAD --staged --worktree -- $workspace
    print $"($workspace): verification failed, restored"
  }
}
