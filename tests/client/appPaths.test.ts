import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/client/routes';
import { APP_PATHS, matchAppPath } from '../../src/shared/appPaths';

describe('the server knows every path the app has a screen for', () => {
  it('lists exactly the paths routes.tsx registers', () => {
    const key = (paths: readonly string[]) => [...new Set(paths.map((p) => p.toLowerCase()))].sort();
    expect(key(APP_PATHS)).toEqual(key(ROUTES.flatMap((r) => r.paths)));
  });

  it('matches like wouter: without case, one segment per parameter, an optional trailing slash', () => {
    expect(matchAppPath('/SALONS')?.pattern).toBe('/salons');
    expect(matchAppPath('/salons/')?.pattern).toBe('/salons');
    expect(matchAppPath('/salon/abc')).toEqual({ pattern: '/salon/:id', params: { id: 'abc' } });
    expect(matchAppPath('/salon/abc/booking/select')?.pattern).toBe('/salon/:id/booking/select');
    expect(matchAppPath('/salon/')).toBeNull();
    expect(matchAppPath('/salon/a/b')).toBeNull();
    expect(matchAppPath('/nowhere')).toBeNull();
    expect(matchAppPath('/blog/%E0%A4')).toBeNull();
  });
});
