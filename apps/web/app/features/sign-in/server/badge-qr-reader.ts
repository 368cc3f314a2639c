import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The QR decoder of the badge step where the browser has no barcode detector of its own
// (decision 0295): ZXing-C++ in WebAssembly, loaded only on this step. Its module would fetch
// the WebAssembly from a CDN; it is served from our own origin, beside this script.

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL(readerWasm, window.location.href).href : prefix + path,
  },
});

const canvas = document.createElement('canvas');

/** The text of the QR code in the video's current frame, or null when it shows none. */
export async function readQrCode(video: HTMLVideoElement): Promise<string | null> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (width === 0 || height === 0) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const results = await readBarcodes(context.getImageData(0, 0, width, height), {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid)?.text ?? null;
}
