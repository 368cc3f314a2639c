export const PLATFORM_MESSAGES = {
  clientIdInvalid:
    'ID klien terdiri dari 3–64 huruf kecil, angka, atau tanda hubung, diawali huruf atau angka.',
  clientIdTaken: 'ID klien ini sudah dipakai platform lain.',
  nameRequired: 'Tuliskan nama platform.',
  nameTooLong: 'Nama platform paling panjang 100 karakter.',
  contactRequired: 'Tuliskan nama kontak platform.',
  contactEmailInvalid: 'Alamat email kontak tidak valid.',
  uriInvalid: 'Alamat tidak valid: tulis alamat lengkap tanpa bagian #.',
  /** Outside development a redirect, logout or key address must be https. */
  httpsRequired: 'Alamat harus memakai https.',
  /** In production: on a public host name, never this machine, a private network or an IP range kept for special use. */
  hostNotPublic:
    'Alamat harus memakai nama domain publik, bukan localhost, nama tanpa domain, atau alamat IP lokal/privat.',
  wildcardNotAllowed:
    'Alamat tidak boleh memuat tanda bintang (*): tulis setiap alamat dengan lengkap.',
  userInfoNotAllowed:
    'Alamat tidak boleh memuat nama pengguna atau kata sandi (bagian sebelum tanda @).',
  backslashNotAllowed: 'Alamat tidak boleh memuat garis miring terbalik (\\).',
  /** A host name whose letters mix scripts, or imitate Latin ones, or are written with % codes. */
  hostLookAlike:
    'Nama domain ini meniru nama domain lain (huruf dari aksara berbeda atau kode %). Tulis nama domain yang sebenarnya.',
  redirectRequired: 'Tuliskan paling sedikit satu alamat pengalihan (redirect URI).',
  tooManyUris: 'Paling banyak 10 alamat.',
  openidRequired: 'Cakupan openid wajib diizinkan.',
  keysRequired: 'Platform dengan private_key_jwt memerlukan alamat JWKS atau kunci publiknya.',
  keysOnlyForJwt: 'Alamat JWKS dan kunci publik hanya untuk platform dengan private_key_jwt.',
  keysInvalid: 'Kunci publik tidak valid: berikan JWKS berisi kunci RSA atau EC publik.',
  offlineNeedsConfidential:
    'Akses luring (offline_access) hanya untuk platform dengan rahasia atau kunci.',
  notFound: 'Platform tidak ditemukan.',
  authMethodFixed: 'Metode autentikasi platform tidak dapat diubah; daftarkan platform baru.',
  noSecret: 'Platform ini tidak memakai rahasia klien.',
  overlapInvalid: 'Masa berlaku rahasia lama antara 0 dan 168 jam.',
  connectedNotFound: 'Platform ini tidak terhubung dengan akun Anda.',
} as const;
