/** Section anchors (`/privacy-policy#<id>`) and catalogue keys (`privacy:sections.<id>`), in order. */
export const PRIVACY_SECTIONS = [
  'ringkasan',
  'pengendali',
  'data-yang-dikumpulkan',
  'peramban',
  'tujuan',
  'dasar-pemrosesan',
  'berbagi',
  'penyimpanan',
  'keamanan',
  'hak-anda',
  'anak',
  'perubahan',
  'kontak',
] as const;
