import { inflateSync } from 'node:zlib';

/** A PDF's objects by number: each one's dictionary text and its stream (inflated when it can be). */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream: string | null }> {
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const m of pdf.toString('latin1').matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2];
    const s = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    let stream: string | null = null;
    if (s) {
      try {
        stream = inflateSync(Buffer.from(s[1], 'latin1')).toString('latin1');
      } catch {
        stream = s[1];
      }
    }
    objects.set(Number(m[1]), { dict: s ? body.slice(0, s.index) : body, stream });
  }
  return objects;
}

/** An embedded font's ToUnicode CMap (pdfkit writes bfrange arrays): 2-byte code → text. */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = Number.parseInt(r[1], 16);
      const to = Number.parseInt(r[2], 16);
      if (r[3].startsWith('[')) {
        [...r[3].matchAll(/<([0-9a-fA-F]*)>/g)].forEach((h, i) => map.set(from + i, utf16(h[1])));
      } else {
        const first = Number.parseInt(r[3].slice(1, -1), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(first + c - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(Number.parseInt(r[1], 16), utf16(r[2]));
  return map;
}

/**
 * The text pdfkit drew, one line per TJ: a standard font's hex strings are latin1 text; an
 * embedded (TrueType) font's are 2-byte glyph codes, read back through the font's ToUnicode CMap.
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  // Resource name (/F1) → the font's code → text map, or null for a standard font.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const res = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!res) continue;
    for (const f of res[1].matchAll(/\/(\S+?)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]));
      const ref = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict);
      const cmap = ref ? objects.get(Number(ref[1]))?.stream : null;
      fonts.set(f[1], cmap ? toUnicodeMap(cmap) : null);
    }
  }
  let text = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\bTJ\b/.test(stream)) continue;
    let font: Map<number, string> | null = null;
    for (const op of stream.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      const hexes = [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]);
      const map = font;
      text += `${hexes
        .map((h) =>
          map
            ? (h.match(/.{4}/g) ?? []).map((code) => map.get(Number.parseInt(code, 16)) ?? '\uFFFD').join('')
            : Buffer.from(h, 'hex').toString('latin1'),
        )
        .join('')}\n`;
    }
  }
  return text;
}
