import tls from 'node:tls';

const base = process.env.SERVICE_URL;
const token = process.env.SERVICE_TOKEN ?? '';
if (!base) {
  console.error('SERVICE_URL is required');
  process.exit(2);
}
const url = new URL(base);
if (url.protocol !== 'https:') {
  console.error('refusing to send a token over plain HTTP; use https://');
  process.exit(2);
}

const mask = (s) => (token ? String(s).replaceAll(token, '***') : String(s));

async function probe(path, auth) {
  const t0 = performance.now();
  try {
    const res = await fetch(new URL(path, url), {
      headers: auth && token ? { Authorization: `Bearer ${token}` } : {},
      redirect: 'manual', // never forward the token to another host
      signal: AbortSignal.timeout(10_000),
    });
    return { path, status: res.status, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    return { path, status: 'error', ms: Math.round(performance.now() - t0), err: mask(e.message) };
  }
}

function certDays() {
  return new Promise((resolve) => {
    const s = tls.connect({ host: url.hostname, port: Number(url.port || 443), servername: url.hostname }, () => {
      const c = s.getPeerCertificate();
      s.end();
      resolve(Math.floor((new Date(c.valid_to) - Date.now()) / 86_400_000));
    });
    s.on('error', () => resolve(null));
  });
}

const results = [await probe('/healthz', false), await probe('/readyz', true)];
for (const r of results) console.log(`${r.path.padEnd(9)} ${String(r.status).padEnd(6)} ${r.ms} ms ${r.err ?? ''}`);
console.log(`TLS certificate expires in ${await certDays() ?? '?'} days`);
