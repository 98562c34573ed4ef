import { z } from 'zod';

/*
 * Fields of GET inputs: a URL's query string carries text, the tRPC client real values. Only plain
 * decimal numbers and the words true/false are converted; anything else reaches the schema
 * unchanged and is refused (400 naming the field), never turned into NaN, 0 or true. An empty
 * parameter counts as absent, so the fallback applies.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * A query string's number: plain decimals only ('2', '2.5'), and for a whole-number field plain
 * integers only ('2.0' stays as it is and is refused, as are '1e1' and '0x10').
 */
export function toQueryNumber(v: unknown, int = false): unknown {
  if (blank(v)) return undefined;
  if (typeof v === 'string' && (int ? INTEGER : DECIMAL).test(v.trim())) return Number(v.trim());
  return v;
}

function toBoolean(v: unknown): unknown {
  if (blank(v)) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v;
}

// The outer optional/default makes the key optional for callers; the inner one also covers ''.

/** '12' → 12; '' or absent → `fallback`; 'abc', '0x10', '1e3', 'true' stay as they are and are refused. */
export function queryNumber<T extends z.ZodNumber>(schema: T): z.ZodOptional<z.ZodPipe<z.ZodTransform, z.ZodOptional<T>>>;
export function queryNumber<T extends z.ZodNumber>(schema: T, fallback: number): z.ZodDefault<z.ZodPipe<z.ZodTransform, z.ZodDefault<T>>>;
export function queryNumber(schema: z.ZodNumber, fallback?: number): z.ZodType {
  const toNumber = (v: unknown) => toQueryNumber(v, schema.isInt);
  return fallback === undefined
    ? z.preprocess(toNumber, schema.optional()).optional()
    : z.preprocess(toNumber, schema.default(fallback)).default(fallback);
}

/** 'true' / 'false'; '' or absent → `fallback`; anything else ('1', 'yes', 'x') is refused. */
export function queryBoolean(field: string): z.ZodOptional<z.ZodPipe<z.ZodTransform, z.ZodOptional<z.ZodBoolean>>>;
export function queryBoolean(field: string, fallback: boolean): z.ZodDefault<z.ZodPipe<z.ZodTransform, z.ZodDefault<z.ZodBoolean>>>;
export function queryBoolean(field: string, fallback?: boolean): z.ZodType {
  const schema = z.boolean({ error: `${field}: true or false` });
  return fallback === undefined
    ? z.preprocess(toBoolean, schema.optional()).optional()
    : z.preprocess(toBoolean, schema.default(fallback)).default(fallback);
}
