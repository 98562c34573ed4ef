/**
 * The query parameter that asks for a salon link page as the website widget's iframe
 * (/s/{slug}?embed=1, docs/channels.md). Here, apart from the zod schemas, because the client's
 * first screen reads it and must not load zod to do so.
 */
export const EMBED_PARAM = 'embed';
