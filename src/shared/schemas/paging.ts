import { z } from 'zod';
import { jsonValue } from './jsonValue.js';
import { queryNumber } from './query.js';

/*
 * The one paging model of every list (docs/api-clients.md "Paging"): the request names `page`
 * (from 1) and `limit`; the answer carries `paging: {page, limit, total, hasMore}` beside the list
 * (beside the legacy fields where the contract fixes a shape). Every list is bounded: a request
 * without `limit` gets the list's default page size, never everything.
 */

const pageCheck = z
  .number({ error: 'page: a whole number from 1' })
  .int('page: a whole number from 1')
  .min(1, 'page: a whole number from 1')
  .max(100_000, 'page: at most 100000');
const limitCheck = (max: number) =>
  z
    .number({ error: `limit: a whole number from 1 to ${max}` })
    .int(`limit: a whole number from 1 to ${max}`)
    .min(1, `limit: a whole number from 1 to ${max}`)
    .max(max, `limit: a whole number from 1 to ${max}`);

/** `page` and `limit` of a list read with a JSON body (the legacy lists sent as POST). */
export function bodyPageFields(defaultLimit: number, maxLimit: number) {
  return {
    page: jsonValue(pageCheck).default(1).describe('The page, from 1'),
    limit: jsonValue(limitCheck(maxLimit)).default(defaultLimit).describe(`Page size, default ${defaultLimit}, at most ${maxLimit}`),
  };
}

/** `page` and `limit` of a list read with GET (query-string numbers, query.ts). */
export function queryPageFields(defaultLimit: number, maxLimit: number) {
  return {
    page: queryNumber(pageCheck, 1).describe('The page, from 1'),
    limit: queryNumber(limitCheck(maxLimit), defaultLimit).describe(`Page size, default ${defaultLimit}, at most ${maxLimit}`),
  };
}

export const pagingWire = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().describe('How many the whole list holds'),
    hasMore: z.boolean().describe('Whether a later page has more (page * limit < total)'),
  })
  .describe('Where this page is in the whole list');
export type PagingWire = z.infer<typeof pagingWire>;

export function pagingOf(page: number, limit: number, total: number): PagingWire {
  return { page, limit, total, hasMore: page * limit < total };
}

/** The legacy page fields some lists answered before `paging` (admin lists, CRM customers), with `paging` beside them. */
export const legacyPageFields = { total: z.number(), page: z.number(), limit: z.number(), paging: pagingWire };

/** `{total, page, limit, paging}`: the answer's part for `legacyPageFields`. */
export function legacyPageOf(page: number, limit: number, total: number) {
  return { total, page, limit, paging: pagingOf(page, limit, total) };
}
