import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';

/** `GET /api/health` answers on every host. */
export function healthSuite(ctx: ConformanceContext): void {
  describe('health', () => {
    it('GET /api/health answers 200 JSON with status, version and an instance_id', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = (await response.body.json()) as Record<string, unknown>;
      expect(body.status).toBe('healthy');
      expect(typeof body.version).toBe('string');
      expect(body.instance_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).toHaveProperty('subsystems');
    });

    it('HEAD /api/health answers 200 without a body', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`, { method: 'HEAD' });
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe('');
    });

    it('every response carries nosniff and no-store', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`);
      await response.body.dump();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });
}
