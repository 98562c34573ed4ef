import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  url: string;
  /** Objects by "bucket/key". */
  objects: Map<string, { body: Buffer; contentType: string; etag: string; cacheControl?: string }>;
  /** Every request: method, path, and the Authorization header's credential scope. */
  requests: { method: string; path: string; credential: string | null }[];
  close(): Promise<void>;
}

/**
 * A minimal S3-compatible endpoint (path-style PutObject, GetObject with If-None-Match,
 * HeadObject, DeleteObject) in memory, for the S3 adapter's tests: no internet here.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname.slice(1));
      const auth = req.headers.authorization ?? '';
      requests.push({ method: req.method ?? '', path, credential: /Credential=([^,]+)/.exec(auth)?.[1] ?? null });
      if (!auth.startsWith('AWS4-HMAC-SHA256 ')) {
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const found = objects.get(path);
      if (req.method === 'PUT') {
        const body = Buffer.concat(chunks);
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(path, {
          body,
          etag,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        if (!found) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              req.method === 'GET'
                ? '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>'
                : undefined,
            );
          return;
        }
        if (req.headers['if-none-match'] === found.etag) {
          res.writeHead(304, { etag: found.etag }).end();
          return;
        }
        res.writeHead(200, { etag: found.etag, 'content-type': found.contentType, 'content-length': found.body.length });
        res.end(req.method === 'GET' ? found.body : undefined);
      } else {
        res.writeHead(405).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
