import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes a .br and a .gz beside every compressible file of the build (index.html excepted: the server
 * fills it in per request and compresses it then), so the server sends them without compressing on
 * every request. Files under 1 KB gain nothing.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glowbook-precompress',
    apply: 'build',
    configResolved(config) {
      // The server's render (dist/ssr) is read from disk by the server, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        // .vite/manifest.json is for the server, never sent.
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}

/**
 * Where the dev and preview servers send /trpc, /api and /uploads: the API server started beside them
 * by `npm run dev`, which listens on PORT (default 3000, as in src/server/env.ts) and HOST. The client's
 * own port is fixed below (5173/4173): Vite does not take PORT for itself.
 */
export function backendTarget(env: Record<string, string | undefined> = process.env): string {
  const raw = env.PORT?.trim() || '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) throw new Error(`PORT must be a port number (1-65535), not "${env.PORT}"`);
  // A server bound to every interface (the default 0.0.0.0, or ::) is reached on loopback.
  const host = env.HOST?.trim();
  const target = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${target}:${port}`;
}

const backendProxy = (target: string) => ({
  '/trpc': { target, changeOrigin: true },
  '/api': { target, changeOrigin: true },
  '/uploads': { target, changeOrigin: true },
});

const backend = backendTarget();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: backendProxy(backend),
  },
  preview: {
    port: 4173,
    proxy: backendProxy(backend),
  },
  // The server's render carries its own React, production build (whatever NODE_ENV the server runs
  // with): one copy of React for every library that renders with it, none resolved at run time.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        // `vite build --ssr src/client/ssr.tsx`: the server's render of the first screens (src/server/http/pages.ts).
        outDir: 'dist/ssr',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        // .vite/manifest.json: the server preloads a page's own chunks with its HTML (src/server/http/pages.ts).
        manifest: true,
      },
}));
