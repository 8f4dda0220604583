#!/usr/bin/env bash
# Publish the tagged release. Runs only in the Travis deploy stage.
set -euo pipefail
set +x   # never trace: the token is in the environment

: "${TRAVIS_TAG:?not a tag build}"
: "${PYPI_API_TOKEN:?PYPI_API_TOKEN not available (fork PR or missing secure var)}"

if [[ "${TRAVIS_PULL_REQUEST:-false}" != "false" ]]; then
  echo "refusing to publish from a pull request build" >&2
  exit 1
fi

# The tag must be an annotated, signed tag whose version matches the package metadata.
git fetch --quiet origin "refs/tags/${TRAVIS_TAG}:refs/tags/${TRAVIS_TAG}"
if ! git verify-tag "$TRAVIS_TAG" >/dev/null 2>&1; then
  echo "tag $TRAVIS_TAG is not signed by a trusted key" >&2
  exit 1
fi

python -m build --sdist --wheel --outdir dist/
version=$(python - <<'PY'
import glob, re
name = glob.glob("dist/*.tar.gz")[0]
print(re.search(r"-([0-9][^-]*)\.tar\.gz$", name).group(1))
PY
)
if [[ "v$version" != "$TRAVIS_TAG" ]]; then
  echo "tag $TRAVIS_TAG does not match package version $version" >&2
  exit 1
fi

python -m twine check dist/*

# Token goes to twine through the environment only, never argv, never echoed.
TWINE_USERNAME=__token__ \
TWINE_PASSWORD="$PYPI_API_TOKEN" \
TWINE_NON_INTERACTIVE=1 \
  python -m twine upload --repository "${PYPI_REPOSITORY:-pypi}" dist/*

unset PYPI_API_TOKEN
echo "published $version to ${PYPI_REPOSITORY:-pypi}"
