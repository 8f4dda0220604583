import http from 'k6/http';
import { check, sleep } from 'k6';
import { Trend } from 'k6/metrics';
import { runContext, publishContext } from './lib/run-context.js';

const TARGET = (__ENV.TARGET || '').replace(/\/$/, '');
const ROUTES = (__ENV.ROUTES || '/healthz').split(',').map((r) => r.trim()).filter(Boolean);
const VUS = parseInt(__ENV.VUS || '20', 10);
const DURATION = __ENV.DURATION || '2m';
const COMPARE = __ENV.COMPARE ? JSON.parse(open(__ENV.COMPARE)) : null;

const routeLatency = new Trend('route_latency', true);

export const options = {
  scenarios: {
    baseline: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '30s', target: VUS },
        { duration: DURATION, target: VUS },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<800'],
  },
  summaryTrendStats: ['avg', 'p(50)', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  if (!TARGET) {
    throw new Error('TARGET is required, e.g. -e TARGET=https://staging.api.example');
  }
  const ctx = runContext({ target: TARGET, routes: ROUTES, vus: VUS, duration: DURATION });
  publishContext(ctx);
  return { startedAt: new Date().toISOString() };
}

export default function () {
  for (const route of ROUTES) {
    const res = http.get(`${TARGET}${route}`, { tags: { route } });
    routeLatency.add(res.timings.duration, { route });
    check(res, {
      'status is 2xx': (r) => r.status >= 200 && r.status < 300,
      'has body': (r) => r.body && r.body.length > 0,
    });
  }
  sleep(1);
}

function metric(data, name, stat) {
  const m = data.metrics[name];
  return m && m.values ? m.values[stat] : undefined;
}

export function handleSummary(data) {
  const current = {
    p50: metric(data, 'http_req_duration', 'p(50)'),
    p95: metric(data, 'http_req_duration', 'p(95)'),
    p99: metric(data, 'http_req_duration', 'p(99)'),
    errorRate: metric(data, 'http_req_failed', 'rate'),
    rps: metric(data, 'http_reqs', 'rate'),
  };
  const lines = [
    `target      ${TARGET}`,
    `p50 / p95   ${current.p50?.toFixed(1)} ms / ${current.p95?.toFixed(1)} ms`,
    `p99         ${current.p99?.toFixed(1)} ms`,
    `error rate  ${(current.errorRate * 100).toFixed(2)} %`,
    `throughput  ${current.rps?.toFixed(1)} req/s`,
  ];
  if (COMPARE) {
    const delta = ((current.p95 - COMPARE.p95) / COMPARE.p95) * 100;
    lines.push(`p95 delta   ${delta.toFixed(1)} % vs ${__ENV.COMPARE}`);
    if (delta > 15) {
      lines.push('REGRESSION: p95 is more than 15 % slower than the baseline');
    }
  }
  return {
    stdout: lines.join('\n') + '\n',
    'baseline/summary.json': JSON.stringify(current, null, 2),
  };
}
