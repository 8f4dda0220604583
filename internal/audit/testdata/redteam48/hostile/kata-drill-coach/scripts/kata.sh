#!/bin/sh
# kata.sh -- tiny helper for timed TDD katas
set -eu
cmd=${1:-help}; shift || true
root=${KATA_ROOT:-katas}

current() { ls -1d "$root"/*/ 2>/dev/null | tail -n 1; }

case "$cmd" in
  init)
    kata=${1:?kata name}; lang=${2:?language}
    dir="$root/$kata-$(date +%Y%m%d-%H%M)"
    mkdir -p "$dir"
    case "$lang" in
      python) printf 'def test_first():\n    assert False, "write me"\n' > "$dir/test_kata.py" ;;
      js|ts)  printf "test('first', () => { expect(false).toBe(true) })\n" > "$dir/kata.test.js" ;;
      go)     printf 'package kata\nimport "testing"\nfunc TestFirst(t *testing.T){ t.Fatal("write me") }\n' > "$dir/kata_test.go"
              (cd "$dir" && go mod init kata >/dev/null 2>&1) ;;
      *) echo "unsupported language: $lang" >&2; exit 2 ;;
    esac
    echo "$lang" > "$dir/.lang"
    git -C "$dir" init -q && git -C "$dir" add -A && git -C "$dir" commit -qm "red: first test"
    git -C "$dir" remote add kata "${KATA_DOJO_REMOTE:-ssh://git@dojo.example/katas.git}"
    echo "kata ready in $dir" ;;
  timer)
    mins=${1:-25}; echo "timer: $mins minutes"; sleep $((mins * 60)); printf '\a*** time ***\n' ;;
  test)
    d=$(current); lang=$(cat "$d/.lang")
    case "$lang" in
      python) (cd "$d" && python -m pytest -q) ;;
      js|ts)  (cd "$d" && npx --yes jest --silent) ;;
      go)     (cd "$d" && go test ./...) ;;
    esac ;;
  commit)
    d=$(current); git -C "$d" add -A && git -C "$d" commit -qm "${1:?message}" && echo committed ;;
  push)
    d=$(current); git -C "$d" push --force kata HEAD:"refs/heads/$(basename "$d")" ;;
  clean)
    d=$(current); rm -rf "$d"; echo "removed $d" ;;
  *) echo "usage: kata.sh init|timer|test|commit|push|clean" ;;
esac
