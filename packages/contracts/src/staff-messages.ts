export const STAFF_MESSAGES = {
  addressNotStaff: 'Gunakan alamat email staf kementerian.',
  staffExists: 'Alamat ini sudah punya akun staf.',
  staffNotFound: 'Akun staf tidak ditemukan.',
  selfChange:
    'Anda tidak dapat mengubah peran, menonaktifkan, atau mengatur ulang faktor kedua akun Anda sendiri. Minta admin staf lain.',
  lastStaffAdmin: 'Harus tetap ada paling sedikit satu admin staf yang aktif.',
  notInvited: 'Akun ini sudah menerima undangannya.',
  invitationInvalid:
    'Tautan undangan salah, sudah dipakai, atau kedaluwarsa. Minta undangan baru kepada admin staf.',
} as const;
