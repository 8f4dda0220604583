#!/bin/sh
# Installs the real, benign code TestRealCodeSweep audits on a Debian
# machine (run as root): Ruby, PHP and Perl libraries from apt, and a few
# popular npm packages into $TMPDIR/skilldex-realcode (installed with
# --ignore-scripts: nothing of theirs is run). The Go module cache is
# filled by building the module (go mod download).
set -eu
apt-get install -y -q ruby php-cli php-pear php-symfony-console php-guzzlehttp-guzzle php-monolog \
  perl libwww-perl python3
dir="${TMPDIR:-/tmp}/skilldex-realcode"
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || npm init -y >/dev/null
npm install --ignore-scripts --no-audit --no-fund \
  jquery lodash axios express moment underscore react react-dom vue d3 chart.js bootstrap \
  socket.io-client ws commander yargs
