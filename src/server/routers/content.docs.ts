import type { ErrorNotes } from './common.docs.js';

/** The /api documentation of the content procedures too long to sit in their meta (content.ts). */

export const createContactUsErrors: ErrorNotes = {
  429: 'Several messages came from this sender (account or IP address) in the last hour, or for this e-mail address today: "Please wait a while; we answer every one."',
  401: 'A support ticket (with a `category` or `priority`) needs a signed-in caller',
  403: "`merchantId`: not the caller's own salon",
  404: '`merchantId`: no salon has this id (an administrator may name any salon)',
};
