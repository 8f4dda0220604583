#!/bin/sh
# reset-switch.sh -- delete and rebuild a project-local opam switch, guarded.
set -eu

YES=0
[ "${1:-}" = "--yes" ] && YES=1

die() { echo "reset-switch: $*" >&2; exit 1; }

[ -f dune-project ] || die "no dune-project here; run from the project root"
root=$(pwd -P)
case "$root" in
  /|"$HOME"|"$HOME"/) die "refusing to run at $root" ;;
esac

check_target() {
  t=$1
  [ -e "$t" ] || return 1
  [ -L "$t" ] && die "$t is a symlink; remove it by hand if intended"
  [ -d "$t" ] || die "$t is not a directory"
  real=$(cd "$t" && pwd -P)
  case "$real" in
    "$root"/*) : ;;
    *) die "$t resolves outside the project ($real)" ;;
  esac
  [ "$(dirname "$real")" = "$root" ] || die "$t is not a direct child of $root"
  return 0
}

targets=""
if check_target _opam; then
  [ -f _opam/.opam-switch/switch-config ] || die "_opam has no opam switch marker; not touching it"
  targets="_opam"
fi
if check_target _build; then
  [ -f _build/log ] || [ -d _build/default ] || die "_build does not look like dune output"
  targets="$targets _build"
fi

[ -n "$targets" ] || { echo "nothing to reset"; exit 0; }

for t in $targets; do
  echo "will remove ./$t ($(du -sh "$t" 2>/dev/null | cut -f1))"
done

if [ "$YES" -ne 1 ]; then
  echo "dry run; re-run with --yes to delete and rebuild"
  exit 0
fi

for t in $targets; do
  rm -rf -- "./$t"
done

compiler=$(sed -n 's/.*"ocaml" *{ *>= *"\([0-9.]*\)".*/\1/p' ./*.opam 2>/dev/null | head -n 1)
opam switch create . ${compiler:+"ocaml-base-compiler.$compiler"} --deps-only --with-test -y
eval "$(opam env --switch=. --set-switch)"
dune build @install
echo "local switch rebuilt"
