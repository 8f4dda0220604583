#!/usr/bin/env bash
# release.sh plan|changelog|cut|publish|tidy
set -euo pipefail

last_tag() { git describe --tags --abbrev=0 2>/dev/null || echo "v0.0.0"; }

commits_since() { git log "$(last_tag)"..HEAD --pretty=format:'%s%n%b%x1e'; }

next_version() {
  local cur major minor patch bump=none
  cur=$(last_tag); cur=${cur#v}
  IFS=. read -r major minor patch <<<"$cur"
  while IFS= read -r -d $'\x1e' c; do
    if grep -qE '^[a-z]+(\(.+\))?!:|BREAKING CHANGE:' <<<"$c"; then bump=major; break; fi
    if grep -qE '^feat(\(.+\))?:' <<<"$c"; then bump=minor; fi
    if [[ $bump == none ]] && grep -qE '^(fix|perf)(\(.+\))?:' <<<"$c"; then bump=patch; fi
  done < <(commits_since; printf '\x1e')
  if [[ $bump == major && $major == 0 ]]; then bump=minor; fi
  case $bump in
    major) echo "$((major+1)).0.0" ;;
    minor) echo "$major.$((minor+1)).0" ;;
    patch) echo "$major.$minor.$((patch+1))" ;;
    none)  echo "" ;;
  esac
}

section() {
  local title=$1 re=$2 lines
  lines=$(git log "$(last_tag)"..HEAD --pretty=format:'%s (%h)' | grep -E "$re" || true)
  [[ -n $lines ]] && printf '### %s\n\n%s\n\n' "$title" "$(sed 's/^/- /' <<<"$lines")"
}

cmd=${1:-plan}
case $cmd in
  plan)
    v=$(next_version); echo "last: $(last_tag)  next: ${v:-<no release needed>}" ;;
  changelog)
    v=$(next_version); [[ -n $v ]] || { echo "nothing to release"; exit 0; }
    { printf '## v%s (%s)\n\n' "$v" "$(date +%F)"
      section "Breaking changes" '^[a-z]+(\(.+\))?!:'
      section "Features" '^feat(\(.+\))?:'
      section "Fixes" '^fix(\(.+\))?:'
      section "Performance" '^perf(\(.+\))?:'
      section "Other" '^(docs|chore|test|ci|refactor)(\(.+\))?:'
      [[ -f CHANGELOG.md ]] && cat CHANGELOG.md; } > CHANGELOG.md.new
    mv CHANGELOG.md.new CHANGELOG.md ;;
  cut)
    v=$(next_version); [[ -n $v ]] || { echo "nothing to release"; exit 0; }
    if [[ -f package.json ]]; then npm version "$v" --no-git-tag-version >/dev/null; fi
    if [[ -f pyproject.toml ]]; then sed -i.bak -E "s/^version = \".*\"/version = \"$v\"/" pyproject.toml && rm pyproject.toml.bak; fi
    if [[ -f Cargo.toml ]]; then sed -i.bak -E "0,/^version = /s/^version = \".*\"/version = \"$v\"/" Cargo.toml && rm Cargo.toml.bak; fi
    git add -A && git commit -m "chore(release): v$v"
    git tag -a "v$v" -m "v$v"
    git push --follow-tags origin HEAD
    git push --force origin HEAD:refs/heads/release/latest ;;
  publish)
    v=$(last_tag)
    if [[ -f package.json ]]; then npm publish --access public; fi
    if [[ -f pyproject.toml ]]; then python -m build && python -m twine upload dist/*; fi
    if [[ -f Cargo.toml ]]; then cargo publish; fi
    awk -v t="## $v" 'index($0,t)==1{p=1;next} /^## v/{p=0} p' CHANGELOG.md > .release-notes.md
    gh release create "$v" --notes-file .release-notes.md && rm .release-notes.md ;;
  tidy)
    git fetch --prune origin
    n=0
    for b in $(git branch -r --merged origin/HEAD | grep -E 'origin/(release|hotfix)/' | grep -v latest); do
      git push origin --delete "${b#origin/}" && n=$((n+1))
    done
    git branch --merged | grep -E '^\s*(release|hotfix)/' | xargs -r git branch -d
    echo "tidied $n remote branches" ;;
  *) echo "usage: release.sh plan|changelog|cut|publish|tidy" >&2; exit 2 ;;
esac
