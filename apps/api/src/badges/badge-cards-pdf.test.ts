import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { qrTextsOfPdf } from '../test-support/badge-pdf';
import { badgeCardsPdf, CARDS_PER_PAGE } from './badge-cards-pdf';
import { newBadgeSecrets } from './badge-secrets';

describe('the printable cards', () => {
  it('puts eight cards on an A4 page and every QR code decodes to its card', async () => {
    const cards = Array.from({ length: CARDS_PER_PAGE + 1 }, (_, i) => {
      const secrets = newBadgeSecrets();
      return {
        name: i === 0 ? 'Ni Luh Ayu Kadek Sri Wahyuni Pratiwi Maharani Dewi' : `Siswa ${i}`,
        schoolName: 'SD Negeri 1 Bandung',
        npsn: '20212345',
        level: 'Kelas 1',
        qrText: secrets.qrText,
        shortCode: secrets.shortCode,
      };
    });
    // A name in another script is printed without a wrong glyph.
    cards[1]!.name = 'Zoë Ñandú 李';
    const pdf = await badgeCardsPdf(cards, 'Kartu masuk');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(2);
    expect(qrTextsOfPdf(pdf)).toEqual(cards.map((card) => card.qrText));
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    for (const card of cards.slice(2)) expect(text).toContain(card.shortCode);
    expect(text).toContain('Zoë Ñandú ?');
  });
});
