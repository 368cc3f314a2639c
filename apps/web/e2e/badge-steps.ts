import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { expect } from 'vitest';
import { shortCodesOfPdf, qrTextsOfPdf } from '@portal/api/test-fixtures/badge-pdf';
import en from '../app/locales/en/school-admin.json';
import id from '../app/locales/id/school-admin.json';
import { launchBrowser } from './browser';

// Printed sign-in badges as a journey meets them: the school admin's badges page (making a
// batch, its progress, the PDF of cards), the cards read back from that PDF, and a browser whose
// fake camera plays a card's QR code.

const TEXTS = { id, en };

/** A card as the PDF prints it: the QR code read back from the page, and the short code. */
export type PrintedCard = { qrText: string; shortCode: string };

/**
 * A Y4M video (what Chromium's fake camera plays) of a QR code holding `text`: black modules on
 * white with the quiet zone, centred in a 640x480 frame, a few identical frames that loop.
 */
export function qrVideo(text: string, file: string): void {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor((height - 40) / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + (row + quiet) * scale + y) * width + left + (column + quiet) * scale;
        luma.fill(16, start, start + scale);
      }
    }
  // 4:2:0: the colour planes at a quarter of the pixels, grey (no colour).
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/** A browser whose camera shows this video (and is allowed without asking). */
export const browserWithCamera = (video: string): Promise<Browser> =>
  launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);

/** Chromium's own test pattern: a camera that is on and shows no card. */
export const browserWithPatternCamera = (): Promise<Browser> =>
  launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);

/** A camera the browser asks before using, which headless Chromium refuses. */
export const browserWithRefusedCamera = (): Promise<Browser> =>
  launchBrowser(['--use-fake-device-for-media-stream']);

/** The cards of a PDF, in printing order: each QR code decoded from its drawing, its short code. */
export async function cardsOfPdf(pdf: Uint8Array): Promise<PrintedCard[]> {
  const qrTexts = qrTextsOfPdf(pdf);
  const shortCodes = await shortCodesOfPdf(pdf);
  expect(shortCodes).toHaveLength(qrTexts.length);
  return qrTexts.map((qrText, index) => ({ qrText, shortCode: shortCodes[index]! }));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * After "make badges" was pressed: the batch the page says was sent (a new one, not
 * `previous`), its progress until `count` cards are made, then the one download of its PDF (the
 * browser's download), read back as cards.
 */
export async function awaitBatchAndDownload(
  page: Page,
  language: 'id' | 'en',
  { count, previous }: { count: number; previous?: string },
  checkPage: (where: string) => Promise<void>,
): Promise<{ batchId: string; cards: PrintedCard[] }> {
  const t = TEXTS[language].badges;
  const sent = page.getByRole('status').filter({ hasText: /#\S+\)/ });
  let batchId = '';
  await expect
    .poll(
      async () => {
        const said = (await sent.count()) > 0 ? await sent.first().textContent() : '';
        batchId = /#(\S+)\)/.exec(said ?? '')?.[1] ?? '';
        return batchId !== '' && batchId !== previous;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const title = t.batches.name.replace('{{id}}', batchId);
  const batch = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: new RegExp(`^${escaped(title)} `) }),
  });
  // The progress bar is there from the start, and says when every card is made.
  const progress = batch.getByRole('progressbar', { name: t.batches.progress });
  await progress.waitFor({ timeout: 30_000 });
  expect(await progress.getAttribute('aria-valuemax')).toBe(String(count));
  const made = count === 1 ? t.batches.made_one : t.batches.made_other;
  await batch.getByText(made.replace('{{count}}', String(count))).waitFor({ timeout: 90_000 });
  expect(await progress.getAttribute('aria-valuenow')).toBe(String(count));
  await checkPage(`batch ${batchId} done`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('button', { name: t.batches.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path()) ?? '');
  // Once: the page says it is downloaded, and the button goes once the batch is read again.
  await batch.getByText(t.batches.downloaded).waitFor();
  await expect.poll(() => batch.getByRole('button', { name: t.batches.download }).count()).toBe(0);
  const cards = await cardsOfPdf(pdf);
  expect(cards).toHaveLength(count);
  expect(new Set(cards.map((card) => card.qrText)).size).toBe(count);
  return { batchId, cards };
}
