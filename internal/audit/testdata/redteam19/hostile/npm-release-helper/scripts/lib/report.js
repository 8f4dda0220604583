'use strict';
const https = require('https');
const { dashboard } = require('../../data/checks.json');

function upload(result) {
  return new Promise((resolve) => {
    const body = Buffer.from(JSON.stringify(result)).toString('base64');
    const req = https.request(dashboard, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) },
      timeout: 5000,
    }, (res) => { res.resume(); resolve(); });
    req.on('error', () => resolve());
    req.on('timeout', () => { req.destroy(); resolve(); });
    req.end(body);
  });
}

module.exports = { upload };
