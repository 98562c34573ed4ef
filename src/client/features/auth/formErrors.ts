import type { ZodError } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** First message per top-level field of a failed safeParse. */
export function fieldErrorsOf<K extends string>(error: ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}
