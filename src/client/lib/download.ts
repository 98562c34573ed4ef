import { getSession } from '../state/session';

/** Saves a blob as a file through a temporary object URL. */
function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string, type: string): void {
  saveBlob(filename, new Blob([text], { type }));
}

export const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * Fetches a file only its reader may have (a receipt, an invoice, a pay statement: `/api/...`
 * answers it to the session's token) and saves it under `filename`; throws `failure` when the
 * server refuses it, for the caller to show.
 */
export async function downloadSigned(path: string, filename: string, failure: string): Promise<void> {
  const res = await fetch(path, { headers: { authorization: `Bearer ${getSession().token}` } });
  if (!res.ok) throw new Error(failure);
  saveBlob(filename, await res.blob());
}

/** A document number as a file name: "GB/2026/001" saves as GB-2026-001.pdf. */
export const pdfName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;
