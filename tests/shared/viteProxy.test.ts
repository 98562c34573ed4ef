import type { ConfigEnv, UserConfig } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * `PORT=3100 npm run dev` starts the API on 3100; the client's dev server must proxy there, not to 3000.
 */
describe('vite.config: the dev proxy follows the API server port', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('proxies /api, /trpc and /uploads to PORT, and keeps its own port 5173', async () => {
    vi.stubEnv('PORT', '3100');
    vi.stubEnv('HOST', '');
    vi.resetModules();
    // vite.config.ts exports a function of the build (client or SSR): the dev server's is the client's.
    const exported = (await import('../../vite.config.js')).default as UserConfig | ((env: ConfigEnv) => UserConfig);
    const config =
      typeof exported === 'function' ? exported({ command: 'serve', mode: 'development', isSsrBuild: false, isPreview: false }) : exported;
    for (const path of ['/api', '/trpc', '/uploads']) {
      const rule = config.server?.proxy?.[path];
      expect(typeof rule === 'object' && rule.target, `dev proxy of ${path}`).toBe('http://127.0.0.1:3100');
      const preview = config.preview?.proxy?.[path];
      expect(typeof preview === 'object' && preview.target, `preview proxy of ${path}`).toBe('http://127.0.0.1:3100');
    }
    expect(config.server?.port, 'the client dev server does not take PORT').toBe(5173);
  }, 30_000);

  it('backendTarget: default 3000 on loopback, HOST when the server binds one address, clear error on a bad PORT', async () => {
    const { backendTarget } = await import('../../vite.config.js');
    expect(backendTarget({})).toBe('http://127.0.0.1:3000');
    expect(backendTarget({ PORT: '' })).toBe('http://127.0.0.1:3000');
    expect(backendTarget({ PORT: '4000', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4000');
    expect(backendTarget({ PORT: '4000', HOST: '::' })).toBe('http://127.0.0.1:4000');
    expect(backendTarget({ PORT: '4000', HOST: '::1' })).toBe('http://[::1]:4000');
    expect(backendTarget({ PORT: '4000', HOST: '10.1.2.3' })).toBe('http://10.1.2.3:4000');
    expect(() => backendTarget({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => backendTarget({ PORT: '70000' })).toThrow(/PORT/);
  }, 30_000);
});
