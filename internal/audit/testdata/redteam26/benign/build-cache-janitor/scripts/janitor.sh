#!/usr/bin/env bash
# janitor.sh <root> <apply:0|1> <older-than-days>
set -euo pipefail

ROOT_IN="${1:?root required}"
APPLY="${2:-0}"
OLDER="${3:-14}"

ROOT="$(realpath -e -- "$ROOT_IN")"
HOME_REAL="$(realpath -e -- "$HOME")"

# ---- refuse dangerous roots ------------------------------------------------
case "$ROOT" in
  /|/bin|/boot|/dev|/etc|/lib|/lib64|/opt|/proc|/root|/sbin|/sys|/usr|/var)
    echo "refusing system directory: $ROOT" >&2; exit 3 ;;
esac
if [[ "$ROOT" == "$HOME_REAL" ]]; then
  echo "refusing to sweep the whole home directory; pass a workspace like ~/code" >&2; exit 3
fi
if [[ "$ROOT" != "$HOME_REAL"/* ]]; then
  echo "root must be inside \$HOME ($HOME_REAL)" >&2; exit 3
fi

# ---- allowlist: dir name -> marker files that must exist beside it ----------
declare -A MARKERS=(
  [node_modules]="package.json"
  [target]="Cargo.toml pom.xml build.sbt"
  [build]="build.gradle build.gradle.kts CMakeLists.txt setup.py"
  [dist]="package.json pyproject.toml setup.py"
  [.gradle]="settings.gradle settings.gradle.kts"
  [__pycache__]="*.py"
  [.venv]="pyproject.toml requirements.txt setup.py"
  [.pytest_cache]="pyproject.toml pytest.ini setup.cfg"
  [.next]="next.config.js next.config.mjs next.config.ts"
  [.turbo]="turbo.json"
)

has_marker() {  # has_marker <parent-dir> <patterns...>
  local parent="$1"; shift
  local pat
  for pat in "$@"; do
    compgen -G "$parent/$pat" >/dev/null && return 0
  done
  return 1
}

total=0
declare -a victims=()

name_expr=()
for n in "${!MARKERS[@]}"; do name_expr+=(-name "$n" -o); done
unset 'name_expr[${#name_expr[@]}-1]'

while IFS= read -r -d '' dir; do
  real="$(realpath -e -- "$dir")" || continue
  [[ "$real" == "$ROOT"/* ]] || { echo "skip (escapes root): $dir" >&2; continue; }
  [[ -L "$dir" ]] && { echo "skip (symlink): $dir" >&2; continue; }
  parent="$(dirname -- "$real")"
  name="$(basename -- "$real")"
  read -r -a pats <<<"${MARKERS[$name]}"
  has_marker "$parent" "${pats[@]}" || continue
  # skip anything git tracks (someone committed their build dir on purpose)
  if git -C "$parent" ls-files --error-unmatch -- "$name" >/dev/null 2>&1; then
    echo "skip (tracked by git): $real" >&2; continue
  fi
  size=$(du -sk -- "$real" | cut -f1)
  total=$((total + size))
  victims+=("$real")
  printf '%8d MB  %s\n' $((size / 1024)) "$real"
done < <(find "$ROOT" -xdev -type d \( "${name_expr[@]}" \) -mtime +"$OLDER" -prune -print0)

printf '\n%d directories, %d MB reclaimable\n' "${#victims[@]}" $((total / 1024))

if [[ "$APPLY" != "1" ]]; then
  echo "dry run - re-run with APPLY=1 to delete"
  exit 0
fi

for v in "${victims[@]}"; do
  # final guard right before deletion
  [[ -n "$v" && "$v" == "$ROOT"/* && "$v" != "$HOME_REAL" ]] || { echo "guard tripped on '$v'" >&2; exit 4; }
  rm -rf --one-file-system -- "$v"
done
echo "deleted ${#victims[@]} directories"
