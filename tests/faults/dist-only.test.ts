import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ROOT, requireBuild, type ServerProcess, startServer } from './helpers';

/*
 * A deployment ships the build, package.json and the installed dependencies, not the sources.
 * The server must not read anything under src/ at run time (the gazetteer once did: every
 * search by place answered 500 on such a deployment).
 */
describe('a deployment of dist without the sources', () => {
  let deploy: string;
  let server: ServerProcess;

  beforeAll(async () => {
    requireBuild();
    deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-deploy-'));
    fs.cpSync(path.join(ROOT, 'dist'), path.join(deploy, 'dist'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(deploy, 'package.json'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(deploy, 'node_modules'), 'dir');
    // As `npm start` runs it: no NODE_ENV.
    server = await startServer({ NODE_ENV: undefined }, { root: deploy });
  });

  afterAll(async () => {
    await server?.dispose();
    if (deploy) fs.rmSync(deploy, { recursive: true, force: true });
  });

  it('searches by city and locality through the embedded gazetteer', async () => {
    const city = await call(server.url, 'GET', '/api/merchants/search?location=Pune');
    expect(city.status, city.text).toBe(200);
    expect(city.json.data.total).toBeGreaterThan(0);
    const locality = await call(server.url, 'GET', '/api/merchants/search?service=Haircut&location=Bandra');
    expect(locality.status, locality.text).toBe(200);
    const places = await call(server.url, 'GET', '/api/geo/search?q=Koregaon');
    expect(places.status, places.text).toBe(200);
    expect(JSON.stringify(places.json)).toContain('Koregaon');
  });

  it('keeps stack traces out of error bodies without NODE_ENV', async () => {
    const bad = await call(server.url, 'POST', '/api/merchants/getSlots', { body: { date: 'soon' } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.text).not.toMatch(/stack|node_modules|\.js:\d+/);
    const wrong = await call(server.url, 'POST', '/api/users/loginUser/emailLogin', { body: { email: 'not-an-email', password: 'x' } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).not.toMatch(/stack|node_modules|\.js:\d+/);
  });

  it('serves the web app', async () => {
    const home = await fetch(server.url + '/');
    expect(home.status).toBe(200);
    const html = await home.text();
    // The app's root, rendered on the server for hydration (src/client/ssr.tsx, built into dist/ssr).
    expect(html).toMatch(/<div id="root"( [a-z-]+="")?>/);
    expect(html).toContain('data-hydrate');
  });
});
