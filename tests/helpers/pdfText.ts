import { inflateSync } from 'node:zlib';

/** The text pdfkit drew (its standard fonts write hex strings in TJ arrays inside deflated streams), one line per TJ. */
export function pdfText(pdf: Buffer): string {
  let text = '';
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g))
      text += `${[...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join('')}\n`;
  }
  return text;
}
