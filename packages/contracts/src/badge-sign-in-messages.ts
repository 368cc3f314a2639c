export const BADGE_SIGN_IN_MESSAGES = {
  unknown: 'Kartu tidak dikenali. Periksa kode dan NPSN sekolah, atau tanyakan kepada guru Anda.',
  ended: 'Kartu ini sudah tidak berlaku. Mintalah kartu baru kepada guru Anda.',
  locked: 'Kode salah terlalu sering. Tunggu sebentar, lalu coba lagi.',
  notAllowed:
    'Platform ini tidak menerima masuk dengan kartu. Masuklah dengan alamat akun dan kata sandi.',
  notStudent:
    'Hanya peserta didik yang dapat masuk dengan kartu. Masuklah dengan alamat akun dan kata sandi.',
  sessionRefused:
    'Masuk dengan kartu tidak membuka halaman ini. Masuklah dengan alamat akun dan kata sandi.',
  npsnFormat: 'NPSN terdiri dari 8 angka.',
  shortCodeRequired: 'Isi kode yang tertulis di kartu.',
} as const;
