import { describe, expect, it } from 'vitest';
import { build } from '../src/server.js';

describe('health', () => {
  it('responds ok', async () => {
    const res = await build().inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: '<%= name %>' });
  });
});
