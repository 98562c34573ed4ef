export type { ImageRead, ImageStorage, StoredImage } from './types.js';
export { KEY_RE, UPLOADS_PATH } from './types.js';
export { createLocalDiskImageStorage } from './localDisk.js';
export { createDatabaseImageStorage } from './database.js';
export { createS3ImageStorage, type S3Settings } from './s3.js';
export { sniffImageFormat, toWebp, UnreadableImageError, type ImageFormat } from './process.js';
