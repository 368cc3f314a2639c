import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** What one printed card shows. */
export type BadgeCard = {
  name: string;
  schoolName: string;
  npsn: string;
  /** `Kelas 3`, or the school's level. */
  level: string;
  qrText: string;
  shortCode: string;
};

// A4 portrait in points, cards of 2 × 4 (about 95 × 69 mm each) inside a 10 mm margin: large
// enough for a child's hands and for a camera at arm's length, eight to a sheet.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 28.35;
const COLUMNS = 2;
const ROWS = 4;
export const CARDS_PER_PAGE = COLUMNS * ROWS;
const CARD = {
  width: (PAGE.width - 2 * MARGIN) / COLUMNS,
  height: (PAGE.height - 2 * MARGIN) / ROWS,
};
const PAD = 12;
// The QR code (25 modules) keeps at least four modules of white (about 15 pt at its size) to
// the cut lines and to the text beside and above it.
const QR_EDGE = 16;
const QR_SIZE = 92;

/**
 * The standard PDF fonts speak WinAnsi only: a name is printed in its Latin letters (accents
 * kept where WinAnsi has them), anything else as `?`, so a card never carries a wrong glyph.
 */
function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\u2018\u2019\u201c\u201d\u2013\u2014]/g, (char) => {
      const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
      return /^[\u0020-\u007e]$/.test(stripped) ? stripped : '?';
    });
}

/**
 * Draws the QR code's dark modules as filled rectangles, a run of neighbours in a row as one:
 * sharp at any printer's resolution. The rectangles go in as one piece of content (pdfkit's
 * `rect` per module costs more than the rest of the card). The quiet zone of four modules is
 * the card's white around it.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const cell = size / count;
  const h = cell.toFixed(3);
  const parts: string[] = [];
  for (let row = 0; row < count; row += 1) {
    const top = (y + row * cell).toFixed(3);
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column += 1;
      parts.push(
        `${(x + start * cell).toFixed(3)} ${top} ${((column - start) * cell).toFixed(3)} ${h} re`,
      );
    }
  }
  doc.save().fillColor('#000000');
  doc.addContent(`${parts.join('\n')}\nf`);
  doc.restore();
}

function drawCutLines(doc: PDFKit.PDFDocument) {
  doc.save().lineWidth(0.5).dash(4, { space: 3 }).strokeColor('#777777');
  for (let column = 0; column <= COLUMNS; column += 1) {
    const x = MARGIN + column * CARD.width;
    doc.moveTo(x, MARGIN / 2).lineTo(x, PAGE.height - MARGIN / 2);
  }
  for (let row = 0; row <= ROWS; row += 1) {
    const y = MARGIN + row * CARD.height;
    doc.moveTo(MARGIN / 2, y).lineTo(PAGE.width - MARGIN / 2, y);
  }
  doc.stroke().undash().restore();
}

function drawCard(doc: PDFKit.PDFDocument, card: BadgeCard, left: number, top: number) {
  const width = CARD.width - 2 * PAD;
  const x = left + PAD;
  doc.fillColor('#555555').font('Helvetica-Bold').fontSize(7.5);
  doc.text('KARTU MASUK', x, top + 10, { width, lineBreak: false, characterSpacing: 1 });
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(12);
  doc.text(printable(card.name), x, top + 21, { width, height: 28, ellipsis: true });
  doc.font('Helvetica').fontSize(8.5);
  doc.text(printable(card.schoolName), x, top + 50, { width, height: 10, ellipsis: true });
  doc.text(`${printable(card.level)} - NPSN ${card.npsn}`, x, top + 61, {
    width,
    lineBreak: false,
  });

  const qrTop = top + CARD.height - QR_EDGE - QR_SIZE;
  drawQr(doc, card.qrText, left + QR_EDGE, qrTop, QR_SIZE);

  const codeLeft = left + QR_EDGE + QR_SIZE + QR_EDGE;
  const codeWidth = left + CARD.width - PAD - codeLeft;
  doc.fillColor('#555555').font('Helvetica').fontSize(7.5);
  doc.text('Kode masuk', codeLeft, qrTop + 8, { width: codeWidth, lineBreak: false });
  doc.fillColor('#000000').font('Courier-Bold').fontSize(12.5);
  doc.text(card.shortCode, codeLeft, qrTop + 19, { width: codeWidth, lineBreak: false });
  doc.fillColor('#333333').font('Helvetica').fontSize(7);
  doc.text(
    'Tunjukkan kode QR ke kamera, atau ketik kode masuk bersama NPSN sekolah. Jangan berikan kartu ini kepada orang lain.',
    codeLeft,
    qrTop + 40,
    { width: codeWidth, height: 50, ellipsis: true },
  );
}

/**
 * The printable PDF of a batch's cards: A4, eight cards a page with dashed cut lines. Built in
 * memory (a school of 3,000 is a few megabytes) and handed over in one piece.
 */
export function badgeCardsPdf(cards: readonly BadgeCard[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: 'id-ID',
    info: { Title: printable(title), Creator: 'Portal', Producer: 'Portal' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  cards.forEach((card, index) => {
    const place = index % CARDS_PER_PAGE;
    if (place === 0) {
      doc.addPage();
      drawCutLines(doc);
    }
    const column = place % COLUMNS;
    const row = Math.floor(place / COLUMNS);
    drawCard(doc, card, MARGIN + column * CARD.width, MARGIN + row * CARD.height);
  });
  if (cards.length === 0) doc.addPage();
  doc.end();
  return done;
}
