export const SIGN_IN_MESSAGES = {
  /** Unknown account, wrong password and locked account: one answer (DESIGN.md). */
  failed: 'Alamat akun atau kata sandi salah.',
  /** A wrong authenticator or recovery code, or a locked account: one answer. */
  codeInvalid: 'Kode tidak sesuai. Periksa kode di aplikasi autentikator Anda.',
  codeFormat: 'Kode terdiri dari 6 angka.',
  recoveryCodeFormat: 'Kode pemulihan berbentuk xxxxx-xxxxx.',
  /** The LOGIN toggle is off: learning accounts cannot sign in (staff still can). */
  loginOff: 'Layanan masuk sedang dihentikan sementara. Silakan coba lagi nanti.',
} as const;
