/**
 * Writes public/regulasi-akun-belajar-id.pdf: a small, valid PDF 1.4 summarising the account
 * rules of SPEC §1 in the portal's own words. Run: npx tsx apps/web/scripts/generate-regulation-pdf.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TITLE = 'Ringkasan Ketentuan Akun belajar.id';
const LINES: Array<[size: number, text: string]> = [
  [18, TITLE],
  [11, 'Kementerian Pendidikan Dasar dan Menengah (Kemendikdasmen)'],
  [11, ''],
  [13, '1. Asal dan sifat akun'],
  [11, 'Akun belajar.id dibuat dari data Dapodik, sistem data pokok pendidikan nasional.'],
  [11, 'Akun diberikan tanpa biaya dan penggunaannya tidak wajib.'],
  [
    11,
    'PTK memperoleh akun bila terdaftar di Dapodik; peserta didik memperoleh akun melalui sekolah.',
  ],
  [11, 'Peserta didik memiliki satu akun; pendidik dapat memiliki satu akun untuk setiap jenjang.'],
  [11, ''],
  [13, '2. Penghapusan akun'],
  [11, 'Akun dihapus ketika pemiliknya tidak lagi tercatat di Dapodik.'],
  [11, 'Pemberitahuan untuk pendidik: 30 hari dan 3 hari sebelum penghapusan.'],
  [11, 'Pemberitahuan untuk peserta didik: 30 hari, 1 minggu, dan 1 hari sebelum penghapusan.'],
  [
    11,
    'Pemberitahuan yang keliru dilaporkan paling lambat 5 hari setelah tanggal yang disebutkan.',
  ],
  [11, 'Tanpa laporan dalam 10 hari, akun dihapus secara permanen.'],
  [11, ''],
  [13, '3. Kata sandi dan keamanan'],
  [11, 'Kata sandi baru paling sedikit 8 karakter.'],
  [11, 'Kata sandi yang terlupa diatur ulang dengan kode sekali pakai (OTP) ke kontak terdaftar.'],
  [11, ''],
  [13, '4. Batasan layanan untuk peserta didik'],
  [11, 'Peserta didik tidak dapat membuat drive bersama atau merekam rapat.'],
  [11, 'Obrolan dan berbagi berkas hanya dalam domain dan jenjang yang sama.'],
  [11, 'Perekaman rapat untuk pendidik dan tenaga kependidikan diizinkan sampai 10 Januari 2022.'],
  [11, ''],
  [13, '5. Akun dinas pendidikan'],
  [11, 'Dinas mengajukan akun dengan kode referral dan surat dinas resmi.'],
  [11, 'Pembuatan akun dinas memerlukan waktu sekitar dua minggu.'],
  [11, 'Akun peserta didik hanya dapat diajukan oleh Kepala Sekolah atau Operator Sekolah.'],
];

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

export function buildPdf(): Buffer {
  let y = 800;
  const operations = ['BT'];
  for (const [size, text] of LINES) {
    y -= size === 18 ? 0 : size + 8;
    operations.push(
      `/F${size >= 13 ? 2 : 1} ${size} Tf 1 0 0 1 56 ${y} Tm (${escapePdfText(text)}) Tj`,
    );
    if (size === 18) y -= 14;
  }
  operations.push('ET');
  const content = operations.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapePdfText(TITLE)}) /Author (Kemendikdasmen) /Producer (akun-portal) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

writeFileSync(
  fileURLToPath(new URL('../public/regulasi-akun-belajar-id.pdf', import.meta.url)),
  buildPdf(),
);
