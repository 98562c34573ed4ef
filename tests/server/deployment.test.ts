import fs from 'node:fs';
import type express from 'express';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/server/deps.js';
import { ENV_KEYS, loadEnv } from '../../src/server/env.js';
import { createApp } from '../../src/server/http/app.js';
import { appRouter } from '../../src/server/routers/index.js';

const envKeys = () => [...ENV_KEYS];

describe('deployment files', () => {
  it('docs/operations.md names every environment variable the server reads', () => {
    const doc = fs.readFileSync('docs/operations.md', 'utf8');
    const keys = envKeys();
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((k) => !doc.includes(`\`${k}\``))).toEqual([]);
  });

  it("compose.yaml's app settings are all variables the server reads, and the apps use the replica and the proxy's addresses", () => {
    const compose = fs.readFileSync('compose.yaml', 'utf8');
    const block = compose.slice(compose.indexOf('x-app:'), compose.indexOf('\nservices:'));
    const names = [...block.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATABASE_REPLICA_URL', 'TRUST_PROXY', 'PUBLIC_URL']));
    expect(names.filter((n) => !envKeys().includes(n))).toEqual([]);
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[^\n]*\n[^\n]*\/api\/health/);
    expect(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start).toBe(
      `node ${/CMD \["node", "([^"]+)"\]/.exec(dockerfile)![1]}`,
    );
  });

  it('TRUST_PROXY decides whose X-Forwarded-For is believed', async () => {
    const trusts = (value?: string) => {
      const env = loadEnv({ JWT_SECRET: 'x'.repeat(32), ...(value ? { TRUST_PROXY: value } : {}) });
      const app = createApp({
        deps: { env, db: {}, readDb: {}, adapters: {}, tokens: {} } as unknown as AppDeps,
        router: appRouter,
        ping: async () => {},
        serveClient: false,
      });
      const fn = (app as express.Express).get('trust proxy fn') as (addr: string, hop: number) => boolean;
      return (addr: string) => fn(addr, 0);
    };
    // The default: a proxy on this host only.
    expect([trusts()('127.0.0.1'), trusts()('172.18.0.5')]).toEqual([true, false]);
    // A proxy on the compose network.
    expect([trusts('loopback, uniquelocal')('172.18.0.5'), trusts('loopback, uniquelocal')('203.0.113.9')]).toEqual([true, false]);
    expect(trusts('1')('203.0.113.9')).toBe(true);
  });
});
