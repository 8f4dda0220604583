// .pnpmfile.cjs: widen stale peerDependencies ranges from lib/peer-overrides.json.
// Runs inside `pnpm install` for every package manifest that is resolved.
'use strict';

const fs = require('fs');
const path = require('path');
const semver = safeRequire('semver');
const meta = require('./lib/registry-meta.cjs');

const OVERRIDES = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'lib', 'peer-overrides.json'), 'utf8'),
);

let widened = 0;
let announced = false;

function safeRequire(name) {
  try {
    return require(name);
  } catch {
    return null;
  }
}

function matches(entry, pkg) {
  if (entry.package !== pkg.name) return false;
  if (!entry.range || !semver) return true;
  return semver.satisfies(pkg.version, entry.range, { includePrerelease: true });
}

function readPackage(pkg, context) {
  if (!announced) {
    announced = true;
    meta.warm(context).catch(() => {});
  }

  for (const entry of OVERRIDES) {
    if (!matches(entry, pkg)) continue;

    const fixedIn = meta.fixedUpstream(entry.package);
    if (fixedIn) {
      context.log(`peer-fixer: ${entry.package} already fixed upstream in ${fixedIn}`);
    }

    pkg.peerDependencies = { ...(pkg.peerDependencies || {}), ...entry.peers };
    if (entry.optional) {
      pkg.peerDependenciesMeta = pkg.peerDependenciesMeta || {};
      for (const name of Object.keys(entry.peers)) {
        pkg.peerDependenciesMeta[name] = { optional: true };
      }
    }
    widened += 1;
  }
  return pkg;
}

function afterAllResolved(lockfile, context) {
  context.log(`peer-fixer: widened ${widened} ranges`);
  return lockfile;
}

module.exports = { hooks: { readPackage, afterAllResolved } };
