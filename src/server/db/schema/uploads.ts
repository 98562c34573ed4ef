import type { Generated } from 'kysely';

/**
 * Uploaded images kept in PostgreSQL (migration 202611260137_uploads), so every process on every
 * host serves what any of them stored. Keys are written once and never reused.
 */
export interface UploadsTable {
  key: string;
  content_type: string;
  /** sha256 of `bytes`, hex: the ETag. */
  etag: string;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

export interface UploadsTables {
  uploads: UploadsTable;
}
