export type WebinarSession = {
  /** Anchor (`/webinar#<id>`) and catalogue key (`webinar:sessions.<id>`). */
  id: string;
  /** Calendar date of the live session in Jakarta, `YYYY-MM-DD`. */
  date: string;
  durationMinutes: number;
};

/** The August 2021 series (SPEC §9), oldest first. */
export const WEBINAR_SESSIONS: readonly WebinarSession[] = [
  { id: 'pengenalan-akun', date: '2021-08-05', durationMinutes: 90 },
  { id: 'aktivasi-dan-keamanan', date: '2021-08-10', durationMinutes: 75 },
  { id: 'peran-admin-sekolah', date: '2021-08-12', durationMinutes: 90 },
  { id: 'kelas-daring', date: '2021-08-19', durationMinutes: 120 },
  { id: 'akun-dinas', date: '2021-08-24', durationMinutes: 60 },
  { id: 'aplikasi-kreatif', date: '2021-08-26', durationMinutes: 90 },
  { id: 'tanya-jawab', date: '2021-08-31', durationMinutes: 60 },
];
