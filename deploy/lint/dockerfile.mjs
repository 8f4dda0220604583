// Checks Dockerfiles with dockerfile-utils (the parser and validator of the
// Dockerfile language server): unknown instructions, missing arguments,
// malformed JSON forms, bad flags. Prints one line per problem and exits 1
// when any is an error.
//
//   node deploy/lint/dockerfile.mjs deploy/Dockerfile
import { readFileSync } from 'node:fs';
import { validate } from 'dockerfile-utils';

let failed = false;
for (const f of process.argv.slice(2)) {
  for (const p of validate(readFileSync(f, 'utf8'))) {
    const sev = p.severity === 1 ? 'error' : 'warning';
    failed ||= p.severity === 1;
    console.log(`${f}:${p.range.start.line + 1}: ${sev}: ${p.message}`);
  }
}
process.exit(failed ? 1 : 0);
