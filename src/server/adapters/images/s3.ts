import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, type ImageStorage, UPLOADS_PATH } from './types.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Cloudflare R2, DigitalOcean Spaces...); unset = AWS. */
  endpoint?: string;
  /** Unset: the SDK's own chain (environment, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, e.g. `uploads/`. */
  prefix?: string;
  /** bucket in the path rather than the host name (most S3-compatible services want this). */
  forcePathStyle?: boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const unquote = (etag: string | undefined) => (etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/**
 * Uploads in an S3-compatible bucket through @aws-sdk/client-s3 (loaded on first use). The app
 * still serves them at /uploads/<key> (the bucket may stay private); a CDN in front of the app
 * caches them for good, as their keys never change.
 */
export function createS3ImageStorage(settings: S3Settings): ImageStorage {
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const open = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
        maxAttempts: 3,
        // S3-compatible services differ in which of the newer default checksums they accept: send
        // and check them only where the operation requires one.
        ...(settings.endpoint
          ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
          : {}),
      }),
    })));
  const objectKey = (key: string) => `${settings.prefix ?? ''}${checkKey(key)}`;
  return {
    provider: 's3',
    async put(key, bytes, contentType) {
      const { s3, sdk } = await open();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
      return { url: `${UPLOADS_PATH}/${key}` };
    },
    async delete(key) {
      const { s3, sdk } = await open();
      // S3 answers 204 for a key that is not there, too.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    async get(key, ifNoneMatch) {
      const { s3, sdk } = await open();
      try {
        const r = await s3.send(
          new sdk.GetObjectCommand({
            Bucket: settings.bucket,
            Key: objectKey(key),
            IfNoneMatch: ifNoneMatch ? `"${ifNoneMatch}"` : undefined,
          }),
        );
        const bytes = await r.Body!.transformToByteArray();
        return { bytes, contentType: r.ContentType ?? 'application/octet-stream', etag: unquote(r.ETag) };
      } catch (err) {
        const status = statusOf(err);
        if (status === 304) return { notModified: true, etag: ifNoneMatch! };
        if (status === 404 || err instanceof sdk.NoSuchKey) return null;
        throw err;
      }
    },
  };
}
