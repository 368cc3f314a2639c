export type WebinarSession = {
  /** Anchor (`/webinar#<id>`) and catalogue key (`webinar:sessions.<id>`). */
  id: string;
  /** Calendar date of the live session in Jakarta, `YYYY-MM-DD`. */
  date: string;
  durationMinutes: number;
};

/** The August 2021 series (SPEC §9), oldest first; the same sessions as public/webinar-sessions.html. */
export const WEBINAR_SESSIONS: readonly WebinarSession[] = [
  { id: 'pengenalan-akun', date: '2021-08-03', durationMinutes: 90 },
  { id: 'aktivasi-akun', date: '2021-08-05', durationMinutes: 75 },
  { id: 'peran-operator-sekolah', date: '2021-08-10', durationMinutes: 90 },
  { id: 'belajar-aman', date: '2021-08-12', durationMinutes: 60 },
  { id: 'pengajuan-akun-dinas', date: '2021-08-19', durationMinutes: 60 },
  { id: 'tanya-jawab', date: '2021-08-26', durationMinutes: 120 },
];
