/**
 * JSON text for a jsonb column. PostgreSQL refuses lone surrogates (`\ud800`), which
 * JSON.stringify writes as escapes when user text carries them; they become U+FFFD here.
 */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.toWellFormed() : v));
}
