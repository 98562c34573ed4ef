export { createDatabaseImageStorage } from './database.js';
export { createLocalDiskImageStorage } from './localDisk.js';
export { type ImageFormat, sniffImageFormat, toWebp, UnreadableImageError } from './process.js';
export { createS3ImageStorage, type S3Settings } from './s3.js';
export type { ImageRead, ImageStorage, StoredImage } from './types.js';
export { KEY_RE, UPLOADS_PATH } from './types.js';
