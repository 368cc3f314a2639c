import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** Each page's content streams, inflated: where the cards' drawing operators are. */
function contentStreams(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream\n', at);
    if (start < 0) break;
    const end = raw.indexOf('\nendstream', start);
    if (end < 0) break;
    const body = raw.subarray(start + 'stream\n'.length, end);
    // On past this stream's `endstream`, whose own letters end in `stream`.
    at = end + '\nendstream'.length;
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
  }
  return streams;
}

const RECT = /^(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re$/;

/**
 * The QR codes the PDF draws, decoded, in drawing order. A QR code is drawn as one filled path
 * of rectangles (its dark modules, a run of a row as one): each path is rebuilt into its
 * module grid, rendered with its quiet zone into pixels, and read by jsQR, an independent
 * decoder, so the test checks what a camera would see, not what the encoder was given.
 */
export function qrTextsOfPdf(pdf: Uint8Array): string[] {
  const texts: string[] = [];
  for (const stream of contentStreams(pdf)) {
    let rects: number[][] = [];
    for (const line of stream.split('\n')) {
      const match = RECT.exec(line.trim());
      if (match) {
        rects.push(match.slice(1).map(Number));
        continue;
      }
      if (line.trim() === 'f' && rects.length > 0) texts.push(decodeRects(rects));
      rects = [];
    }
  }
  return texts;
}

function decodeRects(rects: number[][]): string {
  const cell = Math.min(...rects.map((r) => r[3]!));
  const left = Math.min(...rects.map((r) => r[0]!));
  const top = Math.min(...rects.map((r) => r[1]!));
  const right = Math.max(...rects.map((r) => r[0]! + r[2]!));
  const count = Math.round((right - left) / cell);
  const quiet = 4;
  const scale = 4;
  const side = (count + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [x, y, w] of rects) {
    const row = Math.round((y! - top) / cell);
    const first = Math.round((x! - left) / cell);
    const length = Math.round(w! / cell);
    for (let column = first; column < first + length; column += 1) {
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const px = (column + quiet) * scale + dx;
          const py = (row + quiet) * scale + dy;
          const offset = (py * side + px) * 4;
          pixels[offset] = 0;
          pixels[offset + 1] = 0;
          pixels[offset + 2] = 0;
        }
      }
    }
  }
  const decoded = jsQR(pixels, side, side);
  if (!decoded) throw new Error('a QR code in the PDF does not decode');
  return decoded.data;
}
