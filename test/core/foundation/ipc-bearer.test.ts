/**
 * Daemon IPC auth (contracts.md, "Daemon IPC (bearer daemon.token)"):
 * `Authorization: Bearer <daemon.token>`, the scheme name case-insensitive as
 * HTTP defines it (RFC 9110, 11.1); anything else is 401 IPC_AUTH_REQUIRED.
 */
import { describe, expect, it } from 'vitest';
import { bearerCredential } from '../../../core/guards/require-bearer.ts';
import { createTestApp } from '../../support/test-app.ts';

describe('the daemon bearer on IPC routes', () => {
  it('accepts the Bearer scheme in any case and refuses every other credential with 401 IPC_AUTH_REQUIRED', async () => {
    const t = await createTestApp();
    const pairCode = (authorization: string) => t.request('/api/ipc/dashboard/pair-code', { method: 'POST', headers: { authorization } });
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect([scheme, (await pairCode(`${scheme} ${t.daemonToken}`)).status]).toEqual([scheme, 200]);
    }
    for (const wrong of [`Basic ${t.daemonToken}`, `Bearer${t.daemonToken}`, t.daemonToken, `Bearer ${t.daemonToken}x`, `Bearer ${t.dashboardToken}`, 'Bearer ']) {
      const response = await pairCode(wrong);
      expect([wrong, response.status, ((await response.json()) as { code: string }).code]).toEqual([wrong, 401, 'IPC_AUTH_REQUIRED']);
    }
  });

  it('bearerCredential reads the credential after a case-insensitive scheme', () => {
    expect(bearerCredential('Bearer abc')).toBe('abc');
    expect(bearerCredential('bearer abc ')).toBe('abc');
    expect(bearerCredential('Bearerabc')).toBeNull();
    expect(bearerCredential('Basic abc')).toBeNull();
    expect(bearerCredential(null)).toBeNull();
  });
});
