export type { ImageStorage } from './types.js';
export { createLocalDiskImageStorage } from './localDisk.js';
export { sniffImageFormat, toWebp, UnreadableImageError, type ImageFormat } from './process.js';
