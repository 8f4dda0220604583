# reap.nu - remove old folders under <repo>/.scratch, guarded.
def main [
  --days: int = 14     # minimum age in days
  --apply              # actually remove (asks first)
] {
  let repo = (^git rev-parse --show-toplevel | str trim)
  if ($repo | is-empty) {
    error make {msg: "not inside a git repository"}
  }
  let scratch_root = ($repo | path join ".scratch" | path expand)
  if not ($scratch_root | path exists) {
    print $"nothing to do: ($scratch_root) does not exist"
    return
  }
  # refuse if .scratch is a symlink that points somewhere else
  if (($scratch_root | path type) == "symlink") {
    error make {msg: $".scratch is a symlink; refusing to operate"}
  }

  let cutoff = ((date now) - ($days * 1day))
  let candidates = (
    ls -l $scratch_root
    | where type == dir and modified < $cutoff
    | each {|row|
        let real = ($row.name | path expand)
        let size = (du $real | get 0.apparent? | default 0b)
        {path: $real, modified: $row.modified, size: $size}
      }
    # containment check on the resolved path, not the string
    | where {|c| ($c.path | str starts-with ($scratch_root + (char path_sep))) and $c.path != $scratch_root }
  )

  if ($candidates | is-empty) {
    print $"no scratch folders older than ($days) days"
    return
  }
  print ($candidates | sort-by size --reverse | table)
  let total = ($candidates | get size | math sum)
  print $"(($candidates | length)) folders, ($total) total"

  if not $apply {
    print "dry run only; re-run with --apply to remove"
    return
  }
  let answer = (input $"Remove these ($candidates | length) folders under ($scratch_root)? type 'yes': ")
  if $answer != "yes" {
    print "aborted"
    return
  }
  let has_trash = (which gio | is-not-empty) or (which trash | is-not-empty)
  for c in $candidates {
    if (which trash | is-not-empty) {
      ^trash $c.path
    } else if (which gio | is-not-empty) {
      ^gio trash $c.path
    } else {
      rm --recursive $c.path
    }
    print $"removed ($c.path)"
  }
  if not $has_trash { print "note: no trash command found, folders were deleted permanently" }
}
