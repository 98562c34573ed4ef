/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
