import { describe, expect, it } from 'vitest';
import { DEFAULT_HOOKS_CONFIG, parseHooksConfig } from '../../../core/config/hooks-config.ts';
import { ConfigError } from '../../../core/config/load-config.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { createTestApp } from '../../support/test-app.ts';

describe('[hooks] config', () => {
  it('defaults: queue_mode wait, review_timeout_seconds 120, allow_mode defer, fail_open false', async () => {
    const config = await loadConfig(createMemoryFileStore({}).store);
    expect(config.hooks).toEqual({ queue_mode: 'wait', review_timeout_seconds: 120, allow_mode: 'defer', fail_open: false });
    expect(DEFAULT_HOOKS_CONFIG).toEqual(config.hooks);
  });

  it('config.toml sets each key', async () => {
    const files = createMemoryFileStore({ 'config.toml': '[hooks]\nqueue_mode = "ask"\nreview_timeout_seconds = 30\nallow_mode = "allow"\nfail_open = true\n' }).store;
    expect((await loadConfig(files)).hooks).toEqual({ queue_mode: 'ask', review_timeout_seconds: 30, allow_mode: 'allow', fail_open: true });
  });

  it.each([
    ['queue_mode = "later"', /hooks.queue_mode must be one of "wait", "ask"/],
    ['allow_mode = true', /hooks.allow_mode/],
    ['review_timeout_seconds = 0', /review_timeout_seconds/],
    ['review_timeout_seconds = 1.5', /review_timeout_seconds/],
    ['fail_open = "yes"', /hooks.fail_open must be true or false/],
    ['failopen = true', /hooks.failopen is not a setting/],
  ])('a bad value (%s) is a ConfigError naming the key', (line, message) => {
    expect(() => parseHooksConfig({ ...DEFAULT_HOOKS_CONFIG, ...Object.fromEntries([line.split(' = ').map((s, i) => (i ? JSON.parse(s) : s))]) })).toThrow(message);
  });

  it('the daemon refuses to start on a bad [hooks] value', async () => {
    await expect(createTestApp({ files: { 'config.toml': '[hooks]\nqueue_mode = "never"\n' } })).rejects.toThrow(ConfigError);
  });
});
