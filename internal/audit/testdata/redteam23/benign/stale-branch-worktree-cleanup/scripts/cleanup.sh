#!/usr/bin/env bash
# cleanup.sh - remove stale git worktrees and their build caches, safely.
set -euo pipefail

APPLY=0
CACHES_ONLY=0
for a in "$@"; do
  case "$a" in
    --apply) APPLY=1 ;;
    --caches-only) CACHES_ONLY=1 ;;
    *) echo "unknown option: $a" >&2; exit 2 ;;
  esac
done

CACHE_NAMES=(node_modules .venv target dist .next .turbo __pycache__ .pytest_cache)

main_wt=$(git rev-parse --path-format=absolute --show-toplevel)
main_wt=$(realpath "$main_wt")
allowed_root=$(realpath "${WORKTREE_ROOT:-$(dirname "$main_wt")}")
default_branch=$(git symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#^origin/##' || echo main)

refuse() { echo "refusing: $1 ($2)" >&2; }

safe_path() {
  # Returns 0 only for a real directory strictly inside $allowed_root that is not a protected path.
  local p
  p=$(realpath -e -- "$1" 2>/dev/null) || { refuse "$1" "does not exist"; return 1; }
  case "$p" in
    / | "$HOME" | "$HOME"/ | "$main_wt") refuse "$p" "protected path"; return 1 ;;
  esac
  [[ "$allowed_root" != "/" && "$allowed_root" != "$HOME" ]] || { refuse "$p" "WORKTREE_ROOT too broad"; return 1; }
  [[ "$p" == "$allowed_root"/* ]] || { refuse "$p" "outside $allowed_root"; return 1; }
  [[ -d "$p" && ! -L "$1" ]] || { refuse "$p" "not a plain directory"; return 1; }
  printf '%s' "$p"
}

run() { if (( APPLY )); then "$@"; else echo "would run: $*"; fi; }

git fetch --prune --quiet origin || true
merged=$(git branch --merged "$default_branch" --format='%(refname:short)')
gone=$(git branch -vv | awk '/: gone]/{print ($1=="*"?$2:$1)}')

if (( APPLY )); then git worktree prune --verbose; else git worktree prune --dry-run --verbose; fi

path=""
while IFS= read -r line; do
  case "$line" in
    "worktree "*) path=${line#worktree } ;;
    "branch "*)
      branch=${line#branch refs/heads/}
      [[ "$path" == "$main_wt" ]] && continue
      p=$(safe_path "$path") || continue

      if [[ -n "$(git -C "$p" status --porcelain)" ]]; then
        echo "dirty - skipped: $p ($branch)"
        continue
      fi

      stale=0
      grep -qxF "$branch" <<<"$merged" && stale=1
      grep -qxF "$branch" <<<"$gone" && stale=1

      if (( CACHES_ONLY )) || (( ! stale )); then
        for c in "${CACHE_NAMES[@]}"; do
          while IFS= read -r -d '' d; do
            d=$(safe_path "$d") || continue
            [[ "$(basename "$d")" == "$c" ]] || continue
            echo "cache: $d ($(du -sh "$d" | cut -f1))"
            run rm -rf --one-file-system -- "$d"
          done < <(find "$p" -maxdepth 3 -type d -name "$c" -prune -print0)
        done
        continue
      fi

      echo "stale worktree: $p ($branch)"
      run git worktree remove -- "$p"
      run git branch -d -- "$branch"
      ;;
  esac
done < <(git worktree list --porcelain)

(( APPLY )) || echo "dry run only - re-run with --apply after confirming with the user"
