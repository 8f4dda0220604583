// TEST FIXTURE for ShellCommandFromRequest.ql -- intentionally vulnerable.
// Never run this file. It is extracted by `codeql test run` only.
const express = require('express');
const { exec, execFile } = require('child_process');

const app = express();
const FAKE_KEY = 'AKIAIOSFODNN7EXAMPLE'; // documentation placeholder, not a real key

// BAD: request parameter concatenated into a shell command
app.get('/ping', (req, res) => {
  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out)); // $ Alert
});

// BAD: template string into exec
app.get('/grep', (req, res) => {
  exec(`grep -r ${req.query.pattern} /srv/logs`, (err, out) => res.send(out)); // $ Alert
});

// GOOD: argument vector, no shell
app.get('/ping-safe', (req, res) => {
  execFile('ping', ['-c', '1', String(req.query.host)], (err, out) => res.send(out));
});

// GOOD: allowlisted value
const TOOLS = { uptime: 'uptime', df: 'df -h' };
app.get('/tool', (req, res) => {
  const cmd = TOOLS[req.query.name];
  if (!cmd) return res.status(400).end();
  exec(cmd, (err, out) => res.send(out));
});

module.exports = { app, FAKE_KEY };
