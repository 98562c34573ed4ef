import { z } from 'zod';

/** GST state codes (the first two digits of a GSTIN), by the state names the app stores. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');

/** The GST state code of a state's name ('Maharashtra' → '27'), or null for a name it does not know. */
export function gstStateCode(state: string): string | null {
  const n = norm(state);
  if (n === 'new delhi' || n === 'nct of delhi') return '07';
  if (n === 'orissa') return '21';
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (norm(name) === n) return code;
  return null;
}

export function stateOfGstCode(code: string): string | null {
  return Object.entries(GST_STATE_CODES).find(([, c]) => c === code)?.[0] ?? null;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN, from its first 14 (the GSTN's base-36 weighted checksum). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;
/** GSTIN_SHAPE as sent, before the server upper-cases it and drops spaces; or blank (none). */
export const GSTIN_PATTERN =
  '^\\s*$|^(?:\\s*\\d){2}(?:\\s*[A-Za-z]){5}(?:\\s*\\d){4}\\s*[A-Za-z]\\s*[1-9A-Za-z]\\s*[Zz]\\s*[0-9A-Za-z]\\s*$';

/** Why a GSTIN is not valid (format, state code, check character), or null when it is. */
export function gstinProblem(gstin: string): string | null {
  const m = GSTIN_SHAPE.exec(gstin);
  if (!m) return 'a GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character (e.g. 27AAPFU0939F1ZV)';
  if (!stateOfGstCode(m[1])) return `${m[1]} is not a GST state code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== m[4]) return 'the check character (last) does not match: please check for a typing mistake';
  return null;
}

/** Why a GSTIN cannot belong to a salon in `state`, or null. */
export function gstinStateProblem(gstin: string, state: string): string | null {
  const code = gstStateCode(state);
  const registered = stateOfGstCode(gstin.slice(0, 2));
  if (!code) return `your salon's state "${state}" is not a state or union territory of India`;
  return code === gstin.slice(0, 2)
    ? null
    : `this GSTIN is registered in ${registered ?? gstin.slice(0, 2)} (${gstin.slice(0, 2)}), but your salon is in ${state} (${code})`;
}

/**
 * A salon's optional GSTIN: upper-cased, spaces dropped; blank means none. Format and check
 * character here; the state code against the salon's state where the state is known (gstinStateProblem).
 */
export const gstinSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
  z
    .string({ error: 'gstin: text' })
    .max(15, 'gstin: a GSTIN is 15 characters')
    // The shape in the document (blank clears it); the state code and check character stay refinements.
    .meta({ pattern: GSTIN_PATTERN })
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `gstin: ${problem}` });
    }),
);

/** A platform GSTIN for a state with a demo PAN, for configurations that set none. */
export function demoGstin(state: string): string {
  const first14 = `${gstStateCode(state) ?? '29'}AABCG1234L1Z`;
  return first14 + gstinCheckChar(first14);
}

/** SAC 998599: other support services (an online platform's subscription for businesses). */
export const PLATFORM_SAC = '998599';
