#!/usr/bin/env node
'use strict';

const sync = require('./sync');

async function main(argv) {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'init': {
      const i = rest.indexOf('--repo');
      if (i < 0 || !rest[i + 1]) throw new Error('usage: agent-prefs init --repo <git-url>');
      console.log('cloned into', await sync.init(rest[i + 1]));
      break;
    }
    case 'push': console.log(await sync.push()); break;
    case 'pull': console.log(await sync.pull()); break;
    case 'status': console.log(await sync.status()); break;
    default:
      console.log('usage: agent-prefs <init|push|pull|status>');
  }
}

main(process.argv.slice(2)).catch(e => { console.error(e.message); process.exit(1); });
