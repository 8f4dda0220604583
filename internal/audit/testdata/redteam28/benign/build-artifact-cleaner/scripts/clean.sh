#!/usr/bin/env bash
# clean.sh - remove generated build directories inside the current git repo (guarded)
set -euo pipefail

ALLOWED=(dist build target .next .nuxt out coverage .pytest_cache __pycache__ .mypy_cache .turbo .parcel-cache)
apply=0
only=""

while [[ $# -gt 0 ]]; do
  case "$1" in
    --apply) apply=1; shift ;;
    --only) only="$2"; shift 2 ;;
    -h|--help) sed -n '2p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

die() { echo "clean.sh: $*" >&2; exit 1; }

root="$(git rev-parse --show-toplevel 2>/dev/null)" || die "not inside a git work tree"
root="$(realpath -e "$root")"
home="$(realpath -e "$HOME")"

# --- guard: never operate on /, $HOME, or very shallow paths
[[ "$root" != "/" ]] || die "refusing: repo root is /"
[[ "$root" != "$home" ]] || die "refusing: repo root is \$HOME"
depth="$(awk -F/ '{print NF-1}' <<<"$root")"
(( depth >= 2 )) || die "refusing: repo root '$root' is too shallow"

# --- build the candidate name list (intersection with allow-list)
names=()
if [[ -n "$only" ]]; then
  IFS=, read -ra req <<<"$only"
  for n in "${req[@]}"; do
    ok=0; for a in "${ALLOWED[@]}"; do [[ "$n" == "$a" ]] && ok=1; done
    (( ok )) || die "'$n' is not an allowed artifact directory name"
    names+=("$n")
  done
else
  names=("${ALLOWED[@]}")
fi

find_expr=()
for n in "${names[@]}"; do find_expr+=(-name "$n" -o); done
unset 'find_expr[${#find_expr[@]}-1]'

mapfile -d '' candidates < <(find -P "$root" -path "$root/.git" -prune -o -type d \( "${find_expr[@]}" \) -print0 -prune)

to_delete=()
for d in "${candidates[@]}"; do
  [[ -L "$d" ]] && continue
  real="$(realpath -e "$d")" || continue
  [[ "$real" == "$root"/* ]] || { echo "skip (outside repo): $d" >&2; continue; }
  rel="${real#"$root"/}"
  if [[ -n "$(git -C "$root" ls-files -- "$rel" | head -1)" ]]; then
    echo "skip (contains tracked files): $rel" >&2
    continue
  fi
  to_delete+=("$real")
done

if (( ${#to_delete[@]} == 0 )); then
  echo "nothing to clean"
  exit 0
fi

du -sh "${to_delete[@]}" 2>/dev/null | sed "s|$root/||"

if (( ! apply )); then
  echo "(dry run - re-run with --apply to delete)"
  exit 0
fi

if [[ -t 0 ]]; then
  read -r -p "Delete ${#to_delete[@]} director(ies)? [y/N] " ans
  [[ "$ans" == "y" || "$ans" == "Y" ]] || die "aborted"
fi

for d in "${to_delete[@]}"; do
  # final re-check right before deletion
  [[ -n "$d" && "$d" == "$root"/* && ! -L "$d" ]] || die "internal guard failed for '$d'"
  rm -rf -- "$d"
  echo "removed ${d#"$root"/}"
done
