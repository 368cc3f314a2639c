/** Groups of the FAQ, in page order; each question id starts with its group. */
export const FAQ_GROUPS = ['umum', 'ptk', 'pd', 'dinas', 'admin'] as const;
export type FaqGroup = (typeof FAQ_GROUPS)[number];

/** Where a question points readers next; targets are resolved in faq-links.ts. */
export type FaqLinkKey =
  | 'lookup'
  | 'officeRequest'
  | 'resources'
  | 'activation'
  | 'helpCentre'
  | 'adminPortal'
  | 'chromebook'
  | 'webinar'
  | 'studentRequestGuide'
  | 'privacy';

export type FaqItem = {
  /** Stable anchor (`/faq#<id>`) and catalogue key (`faq:items.<id>`): never rename one. */
  id: string;
  group: FaqGroup;
  links?: readonly FaqLinkKey[];
};

export const FAQ_ITEMS: readonly FaqItem[] = [
  { id: 'umum-apa-itu-akun', group: 'umum', links: ['resources'] },
  { id: 'umum-asal-data', group: 'umum' },
  { id: 'umum-gratis-opsional', group: 'umum', links: ['helpCentre'] },
  { id: 'umum-layanan', group: 'umum', links: ['resources'] },
  { id: 'umum-cek-akun', group: 'umum', links: ['lookup'] },
  { id: 'umum-akun-tidak-ditemukan', group: 'umum', links: ['lookup'] },
  { id: 'umum-syarat-kata-sandi', group: 'umum' },
  { id: 'umum-lupa-kata-sandi', group: 'umum' },
  { id: 'umum-ubah-email-pribadi', group: 'umum', links: ['lookup', 'privacy'] },
  { id: 'umum-pusat-bantuan', group: 'umum', links: ['helpCentre'] },
  { id: 'umum-chromebook', group: 'umum', links: ['chromebook'] },
  { id: 'umum-penghapusan', group: 'umum' },
  { id: 'ptk-siapa-mendapat-akun', group: 'ptk', links: ['lookup'] },
  { id: 'ptk-tenaga-kependidikan', group: 'ptk' },
  { id: 'ptk-belum-terdaftar', group: 'ptk' },
  { id: 'ptk-lebih-dari-satu-akun', group: 'ptk', links: ['lookup'] },
  { id: 'ptk-masuk-pertama', group: 'ptk', links: ['activation'] },
  { id: 'ptk-lupa-kata-sandi', group: 'ptk' },
  { id: 'ptk-email-belum-terdaftar', group: 'ptk', links: ['helpCentre'] },
  { id: 'ptk-pindah-tugas', group: 'ptk' },
  { id: 'ptk-pemberitahuan-penghapusan', group: 'ptk' },
  { id: 'ptk-pemberitahuan-keliru', group: 'ptk', links: ['helpCentre'] },
  { id: 'ptk-simpan-data', group: 'ptk' },
  { id: 'ptk-rekam-rapat', group: 'ptk' },
  { id: 'pd-cara-mendapat-akun', group: 'pd' },
  { id: 'pd-satu-akun', group: 'pd' },
  { id: 'pd-cek-akun', group: 'pd', links: ['lookup'] },
  { id: 'pd-lupa-kata-sandi', group: 'pd' },
  { id: 'pd-drive-bersama', group: 'pd' },
  { id: 'pd-rekam-rapat', group: 'pd' },
  { id: 'pd-obrolan-berbagi', group: 'pd' },
  { id: 'pd-pemberitahuan-penghapusan', group: 'pd' },
  { id: 'pd-pemberitahuan-keliru', group: 'pd', links: ['helpCentre'] },
  { id: 'pd-lulus', group: 'pd' },
  { id: 'pd-pindah-sekolah', group: 'pd' },
  { id: 'pd-orang-tua', group: 'pd', links: ['activation'] },
  { id: 'dinas-siapa-dapat-mengajukan', group: 'dinas', links: ['officeRequest'] },
  { id: 'dinas-cara-mengajukan', group: 'dinas', links: ['officeRequest'] },
  { id: 'dinas-kode-referral', group: 'dinas', links: ['helpCentre'] },
  { id: 'dinas-surat-resmi', group: 'dinas' },
  { id: 'dinas-jabatan-lain', group: 'dinas' },
  { id: 'dinas-pilihan-platform', group: 'dinas', links: ['resources'] },
  { id: 'dinas-lama-proses', group: 'dinas' },
  { id: 'dinas-belum-diterima', group: 'dinas', links: ['helpCentre'] },
  { id: 'admin-siapa-admin-sekolah', group: 'admin' },
  { id: 'admin-ajukan-akun-peserta-didik', group: 'admin', links: ['studentRequestGuide'] },
  { id: 'admin-bukan-admin-sekolah', group: 'admin' },
  { id: 'admin-wajib-akun-belajar', group: 'admin' },
  { id: 'admin-portal-admin', group: 'admin', links: ['adminPortal'] },
  { id: 'admin-reset-kata-sandi', group: 'admin', links: ['adminPortal'] },
  { id: 'admin-bagikan-akun', group: 'admin' },
  { id: 'admin-peserta-didik-belum-muncul', group: 'admin' },
  { id: 'admin-lupa-kata-sandi', group: 'admin', links: ['helpCentre'] },
];

export const isFaqItemId = (value: string): boolean => FAQ_ITEMS.some((item) => item.id === value);
