import fs from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLBuilder } from 'fast-xml-parser';

const opts = { ignoreAttributes: false, attributeNamePrefix: '@_' };

export function mergeJunit(files, outFile) {
  const parser = new XMLParser(opts);
  const suites = [];
  let tests = 0, failures = 0, errors = 0, skipped = 0, time = 0;
  for (const f of files) {
    const doc = parser.parse(fs.readFileSync(f, 'utf8'));
    const list = [].concat(doc.testsuites?.testsuite ?? doc.testsuite ?? []);
    for (const s of list) {
      suites.push(s);
      tests += Number(s['@_tests'] ?? 0);
      failures += Number(s['@_failures'] ?? 0);
      errors += Number(s['@_errors'] ?? 0);
      skipped += Number(s['@_skipped'] ?? 0);
      time += Number(s['@_time'] ?? 0);
    }
  }
  const out = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': 'merged', '@_tests': tests, '@_failures': failures,
      '@_errors': errors, '@_skipped': skipped, '@_time': time.toFixed(3),
      testsuite: suites,
    },
  };
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, new XMLBuilder({ ...opts, format: true }).build(out));
  return { tests, failures, errors, skipped };
}
