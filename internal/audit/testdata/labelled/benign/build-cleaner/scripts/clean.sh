#!/bin/sh
set -eu
rm -rf ./build dist node_modules
rm -rf "$TMPDIR/build-cleaner"
rm -rf ~/.cache/build-cleaner
cat /etc/hosts | grep -q myapp.local || echo 'add myapp.local to /etc/hosts'
