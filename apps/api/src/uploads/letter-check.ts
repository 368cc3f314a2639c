import { fileTypeFromBuffer } from 'file-type';
import { getDocumentProxy } from 'unpdf';

// A PDF ends with its end-of-file marker (ISO 32000-1, 7.5.5), followed by at most a line end;
// a file cut short in transit lost it. Some writers pad a little, so the tail is searched.
const EOF_MARKER = Buffer.from('%%EOF');
const TAIL_BYTES = 1024;

/**
 * The number of pages of a PDF, or null when the bytes are not one: the content must say PDF
 * (its signature, whatever the file's name), end as a PDF ends, and open in a PDF parser with
 * every page readable.
 */
export async function pdfPages(bytes: Buffer): Promise<number | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') return null;
  if (!bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).includes(EOF_MARKER)) return null;
  try {
    const document = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true });
    try {
      if (document.numPages < 1) return null;
      for (let page = 1; page <= document.numPages; page += 1) await document.getPage(page);
      return document.numPages;
    } finally {
      await document.destroy();
    }
  } catch {
    return null;
  }
}
