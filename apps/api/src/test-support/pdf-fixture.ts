import { once } from 'node:events';
import { createDeflate } from 'node:zlib';

/**
 * A PDF written out by hand from its objects (numbered from 1, in order) and a cross-reference
 * table with true offsets; object 1 is the catalog.
 */
function pdfOf(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A one-page PDF; `catalog` adds entries to its catalog (an /OpenAction, say). */
export function onePagePdf(text = 'Surat Dinas', catalog = ''): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${catalog}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF of empty pages, small on the wire however many pages it has. */
export function manyPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...Array.from(
      { length: count },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ),
  ]);
}

async function deflated(parts: readonly (string | { spaces: number })[]): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (const part of parts) {
    if (typeof part === 'string') deflate.write(part, 'latin1');
    else
      for (let left = part.spaces; left > 0; left -= spaces.length) {
        // Written a chunk at a time, so the test never holds what the stream inflates to.
        if (!deflate.write(spaces.subarray(0, Math.min(left, spaces.length))))
          await once(deflate, 'drain');
      }
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF (PDF 1.5) whose catalog and page sit in a Flate object stream, found through a
 * cross-reference stream; `padding` spaces before them make the stream inflate that far before
 * a reader reaches them (a bomb), and `catalog` adds entries to the compressed catalog.
 */
export async function objectStreamPdf({
  padding = 0,
  catalog = '',
}: { padding?: number; catalog?: string } = {}): Promise<Buffer> {
  const compressed = [
    `<< /Type /Catalog /Pages 2 0 R ${catalog}>>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  const header = `1 0 3 ${compressed[0]!.length + 1}\n`;
  const data = await deflated([header, { spaces: padding }, compressed.join('\n')]);

  let body = '%PDF-1.5\n';
  // Objects 1 and 3 are compressed; 2 (the page tree) and 4 (the object stream) are not.
  const pageTree = body.length;
  body += '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n';
  const objectStream = body.length;
  body += `4 0 obj\n<< /Type /ObjStm /N 2 /First ${header.length + padding} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream\nendobj\n`;
  const xref = body.length;
  const entry = (type: number, field: number, index: number) =>
    String.fromCharCode(type, ...[24, 16, 8, 0].map((shift) => (field >>> shift) & 0xff), 0, index);
  const entries = [
    entry(0, 0, 255),
    entry(2, 4, 0),
    entry(1, pageTree, 0),
    entry(2, 4, 1),
    entry(1, objectStream, 0),
    entry(1, xref, 0),
  ].join('');
  body += `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${entries.length} >>\nstream\n${entries}\nendstream\nendobj\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A multipart body with one file part named `file`, as a browser's form sends it. */
export function multipartFile(filename: string, bytes: Buffer) {
  const boundary = '----portal-test-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/**
 * Multipart bodies a broken or hostile client sends: cut short, without a closing boundary,
 * with a part header that is no header, a boundary the body never uses, none at all.
 */
export function malformedMultipartBodies(): { headers: Record<string, string>; payload: Buffer }[] {
  const boundary = '----portal-test-boundary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="surat.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const withBoundary = (payload: string) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(payload, 'latin1'),
  });
  return [
    withBoundary(`${part}%PDF-1.4\n`),
    withBoundary('not multipart at all'),
    withBoundary(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhalo\r\n${part}%PDF`,
    ),
    withBoundary(`--${boundary}\r\n\u0000\u0001broken\r\n`),
    withBoundary(`${part}%PDF-1.4\n\r\n--${boundary}`),
    { headers: { 'content-type': 'multipart/form-data' }, payload: Buffer.from(`${part}%PDF`) },
    {
      headers: { 'content-type': 'multipart/form-data; boundary="' },
      payload: Buffer.from(`${part}%PDF`),
    },
  ];
}
