import { DELETION_REPORT_PAGE } from '@portal/contracts/account-deletion';
import { accountDomain, type Brand } from '@portal/contracts/brand';
import type { NewMessage } from './outbox-repository';

type Context = { brand: Brand; publicUrl: string };
type AccountLine = { email: string; schoolLevel: string | null };

const longDay = (day: string): string =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const jakartaTime = (date: Date): string =>
  `${new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(date)} WIB`;

/** A message carrying a code is worthless after the code ends: the outbox drops it then. */
const codeExpiry = (validMinutes: number): Date => new Date(Date.now() + validMinutes * 60_000);

const signature = ({ brand }: Context) =>
  `Salam,\nTim Akun ${accountDomain(brand)}, ${brand.ministryName}\nBantuan: ${brand.helpCentreUrl}`;

const accountList = (accounts: readonly AccountLine[]) =>
  accounts
    .map(({ email, schoolLevel }) => `- ${email}${schoolLevel ? ` (jenjang ${schoolLevel})` : ''}`)
    .join('\n');

const neverAPassword =
  'Kami tidak pernah mengirim atau menanyakan kata sandi Anda. Jangan berikan kata sandi atau kode kepada siapa pun.';

/** Messages are written here, in Indonesian; they carry addresses and codes, never a password. */
export function messageTemplates(context: Context) {
  const domain = accountDomain(context.brand);
  const resetUrl = `${context.publicUrl}/#lupa-kata-sandi`;
  return {
    accountDetails(to: string, accounts: readonly AccountLine[]): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'account-details',
        subject: `Informasi Akun ${domain} Anda`,
        bodyText: [
          'Halo,',
          '',
          `Berikut Akun ${domain} yang terdaftar atas data Anda:`,
          accountList(accounts),
          '',
          `Cara masuk: buka layanan yang ingin Anda gunakan, pilih masuk dengan Akun ${domain}, lalu ketik alamat akun di atas dan kata sandi Anda.`,
          `Lupa kata sandi? Buka ${resetUrl} lalu pilih Lupa Kata Sandi. Kode sekali pakai akan dikirim ke email pribadi ini.`,
          '',
          neverAPassword,
          'Jika Anda tidak meminta email ini, abaikan saja.',
          '',
          signature(context),
        ].join('\n'),
      };
    },
    accountDetailsSms(to: string, accounts: readonly AccountLine[]): NewMessage {
      return {
        channel: 'sms',
        recipient: to,
        template: 'account-details-sms',
        subject: null,
        bodyText: `Akun ${domain} Anda: ${accounts.map((a) => a.email).join(', ')}. Lupa kata sandi? Buka ${resetUrl}. Jangan berikan kata sandi kepada siapa pun.`,
      };
    },
    accountCreated(to: string, accounts: readonly AccountLine[]): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'account-created',
        subject: `Akun ${domain} Anda sudah dibuat`,
        bodyText: [
          'Halo,',
          '',
          `Akun ${domain} Anda sudah dibuat:`,
          accountList(accounts),
          '',
          `Untuk mulai memakainya, buat kata sandi lewat Lupa Kata Sandi di ${resetUrl}: kode sekali pakai akan dikirim ke email pribadi ini.`,
          '',
          neverAPassword,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    /** A student's account made on the school's request: the initial password comes from the school. */
    studentAccountCreated(to: string, accountEmail: string, schoolName: string): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'student-account-created',
        subject: `Akun ${domain} Anda sudah dibuat`,
        bodyText: [
          'Halo,',
          '',
          `Atas pengajuan ${schoolName}, Akun ${domain} Anda sudah dibuat: ${accountEmail}`,
          '',
          'Kata sandi awal diberikan oleh Operator Sekolah Anda. Saat pertama kali masuk, Anda akan diminta membuat kata sandi baru.',
          `Anda juga dapat membuat kata sandi sendiri lewat Lupa Kata Sandi di ${resetUrl}: kode sekali pakai akan dikirim ke email pribadi ini.`,
          '',
          neverAPassword,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    /**
     * A notice that the accounts will be deleted (SPEC §1): the stated date, and the link to
     * report a mistake (its token in the fragment, never sent to a server as part of a URL).
     */
    deletionNotice(
      to: string,
      notice: {
        accounts: readonly string[];
        deletionOn: string;
        reportUntil: string;
        token: string;
      },
    ): NewMessage {
      const link = `${context.publicUrl}${DELETION_REPORT_PAGE}#t=${notice.token}`;
      return {
        channel: 'email',
        recipient: to,
        template: 'deletion-notice',
        subject: `Akun ${domain} Anda akan dihapus pada ${longDay(notice.deletionOn)}`,
        bodyText: [
          'Halo,',
          '',
          `Data Anda tidak lagi tercatat di Dapodik, sehingga Akun ${domain} berikut akan dihapus pada ${longDay(notice.deletionOn)}:`,
          notice.accounts.map((email) => `- ${email}`).join('\n'),
          '',
          `Jika ini keliru (misalnya Anda masih mengajar atau bersekolah), laporkan paling lambat ${longDay(notice.reportUntil)} lewat tautan ini, atau teruskan email ini kepada Operator Sekolah Anda:`,
          link,
          'Selama laporan ditinjau, akun tidak dihapus. Tanpa laporan, akun dan datanya dihapus permanen 10 hari setelah tanggal penghapusan.',
          '',
          signature(context),
        ].join('\n'),
      };
    },
    deletionReportDecided(
      to: string,
      decision: { upheld: boolean; removalOn: string },
    ): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'deletion-report-decided',
        subject: decision.upheld
          ? `Akun ${domain} Anda tidak jadi dihapus`
          : `Laporan penghapusan Akun ${domain} Anda ditolak`,
        bodyText: [
          'Halo,',
          '',
          decision.upheld
            ? `Laporan Anda kami terima: Akun ${domain} Anda tidak dihapus.`
            : `Laporan Anda sudah kami tinjau, tetapi data Anda tetap tidak tercatat di Dapodik. Akun ${domain} Anda akan dihapus permanen pada ${longDay(decision.removalOn)}. Hubungi Operator Sekolah Anda agar data Anda diperbaiki di Dapodik.`,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    officeRequestReceived(to: string, requestNumber: string, estimateDays: number): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'office-request-received',
        subject: `Pengajuan Akun ${domain} Dinas diterima: ${requestNumber}`,
        bodyText: [
          'Halo,',
          '',
          `Pengajuan Akun ${domain} untuk dinas Anda sudah kami terima dengan nomor ${requestNumber}.`,
          `Tim kami akan memeriksa surat dinas dan data Anda. Pembuatan akun memerlukan waktu sekitar ${estimateDays} hari; hasilnya kami kirim ke email ini.`,
          `Sebutkan nomor ${requestNumber} bila menghubungi pusat bantuan: ${context.brand.helpCentreUrl}`,
          '',
          neverAPassword,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    officeAccountCreated(to: string, requestNumber: string, accountEmail: string): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'office-account-created',
        subject: `Akun ${domain} Dinas Anda sudah dibuat (${requestNumber})`,
        bodyText: [
          'Halo,',
          '',
          `Pengajuan ${requestNumber} disetujui. Akun ${domain} dinas Anda sudah dibuat: ${accountEmail}`,
          'Masuk dengan alamat akun itu dan kata sandi yang Anda buat saat mengajukan.',
          `Lupa kata sandi? Buka ${resetUrl} lalu pilih Lupa Kata Sandi.`,
          '',
          neverAPassword,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    officeRequestRejected(to: string, requestNumber: string, reason: string): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'office-request-rejected',
        subject: `Pengajuan Akun ${domain} Dinas ${requestNumber} belum dapat disetujui`,
        bodyText: [
          'Halo,',
          '',
          `Pengajuan ${requestNumber} belum dapat kami setujui, dengan alasan berikut:`,
          '',
          reason,
          '',
          `Anda dapat mengajukan kembali di ${context.publicUrl}/account/dinas setelah memperbaikinya. Pertanyaan: ${context.brand.helpCentreUrl}`,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    emailChangeCode(to: string, code: string, validMinutes: number): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'email-change-code',
        expiresAt: codeExpiry(validMinutes),
        subject: `Kode verifikasi email pribadi Akun ${domain}: ${code}`,
        bodyText: [
          'Halo,',
          '',
          `Seseorang meminta agar alamat ini menjadi email pribadi untuk Akun ${domain}.`,
          `Kode verifikasi Anda: ${code}`,
          `Kode berlaku ${validMinutes} menit dan hanya dapat dipakai sekali.`,
          '',
          'Jika Anda tidak memintanya, abaikan email ini: email pribadi tidak akan berubah.',
          '',
          signature(context),
        ].join('\n'),
      };
    },
    emailChangeApprovalCode(
      to: string,
      code: string,
      maskedNewEmail: string,
      validMinutes: number,
    ): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'email-change-current-code',
        expiresAt: codeExpiry(validMinutes),
        subject: `Persetujuan mengganti email pribadi Akun ${domain}: ${code}`,
        bodyText: [
          'Halo,',
          '',
          `Seseorang meminta agar email pribadi Akun ${domain} Anda diganti menjadi ${maskedNewEmail}.`,
          `Jika itu Anda, masukkan kode persetujuan ini: ${code}`,
          `Kode berlaku ${validMinutes} menit dan hanya dapat dipakai sekali.`,
          '',
          'Jika bukan Anda, abaikan email ini: email pribadi Anda tidak akan berubah tanpa kode ini.',
          '',
          signature(context),
        ].join('\n'),
      };
    },
    emailChangeApprovalSms(
      to: string,
      code: string,
      maskedNewEmail: string,
      validMinutes: number,
    ): NewMessage {
      return {
        channel: 'sms',
        recipient: to,
        template: 'email-change-current-code-sms',
        expiresAt: codeExpiry(validMinutes),
        subject: null,
        bodyText: `Kode persetujuan ganti email Akun ${domain} ke ${maskedNewEmail}: ${code}. Berlaku ${validMinutes} menit. Bukan Anda? Abaikan.`,
      };
    },
    emailChangedNotice(to: string, maskedNewEmail: string, at: Date): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'email-changed-notice',
        subject: `Email pribadi Akun ${domain} Anda telah diganti`,
        bodyText: [
          'Halo,',
          '',
          `Email pribadi untuk Akun ${domain} Anda telah diganti menjadi ${maskedNewEmail} pada ${jakartaTime(at)}.`,
          `Jika bukan Anda yang menggantinya, segera hubungi pusat bantuan: ${context.brand.helpCentreUrl}`,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    emailChangedNoticeSms(to: string, maskedNewEmail: string, at: Date): NewMessage {
      return {
        channel: 'sms',
        recipient: to,
        template: 'email-changed-notice-sms',
        subject: null,
        bodyText: `Email pribadi Akun ${domain} Anda diganti menjadi ${maskedNewEmail} pada ${jakartaTime(at)}. Bukan Anda? Hubungi ${context.brand.helpCentreUrl}`,
      };
    },
    resetCodeEmail(to: string, code: string, sessionId: string, validMinutes: number): NewMessage {
      // The fragment never reaches a server log: the page reads it and removes it.
      const link = `${context.publicUrl}/reset-password/otp#sesi=${encodeURIComponent(sessionId)}&kode=${code}`;
      return {
        channel: 'email',
        recipient: to,
        template: 'reset-code',
        expiresAt: codeExpiry(validMinutes),
        subject: `Kode OTP atur ulang kata sandi Akun ${domain}: ${code}`,
        bodyText: [
          'Halo,',
          '',
          `Kode OTP untuk mengatur ulang kata sandi Akun ${domain} Anda: ${code}`,
          `Atau buka tautan ini untuk melanjutkan: ${link}`,
          `Kode dan tautan berlaku ${validMinutes} menit dan hanya dapat dipakai sekali.`,
          '',
          neverAPassword,
          'Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tidak berubah.',
          '',
          signature(context),
        ].join('\n'),
      };
    },
    resetCodeSms(to: string, code: string, validMinutes: number): NewMessage {
      return {
        channel: 'sms',
        recipient: to,
        template: 'reset-code-sms',
        expiresAt: codeExpiry(validMinutes),
        subject: null,
        bodyText: `Kode OTP Akun ${domain}: ${code}. Berlaku ${validMinutes} menit. JANGAN berikan kode ini kepada siapa pun.`,
      };
    },
    passwordChangedNoticeSms(to: string, accountEmail: string, at: Date): NewMessage {
      return {
        channel: 'sms',
        recipient: to,
        template: 'password-changed-notice-sms',
        subject: null,
        bodyText: `Kata sandi ${accountEmail} diganti pada ${jakartaTime(at)}. Bukan Anda? Atur ulang di ${resetUrl}`,
      };
    },
    passwordResetBySchoolNotice(to: string, accountEmail: string, at: Date): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'password-reset-by-school',
        subject: `Kata sandi Akun ${domain} Anda diatur ulang oleh sekolah`,
        bodyText: [
          'Halo,',
          '',
          `Operator Sekolah Anda mengatur ulang kata sandi ${accountEmail} pada ${jakartaTime(at)}.`,
          'Mintalah kata sandi awal yang baru kepada Operator Sekolah. Saat masuk, Anda akan diminta membuat kata sandi baru.',
          `Jika Anda tidak memintanya, hubungi sekolah Anda atau pusat bantuan: ${context.brand.helpCentreUrl}`,
          '',
          signature(context),
        ].join('\n'),
      };
    },
    passwordChangedNotice(to: string, accountEmail: string, at: Date): NewMessage {
      return {
        channel: 'email',
        recipient: to,
        template: 'password-changed-notice',
        subject: `Kata sandi Akun ${domain} Anda telah diganti`,
        bodyText: [
          'Halo,',
          '',
          `Kata sandi untuk ${accountEmail} telah diganti pada ${jakartaTime(at)}.`,
          'Semua perangkat yang masih masuk dengan kata sandi lama akan diminta masuk kembali.',
          `Jika bukan Anda yang menggantinya, segera atur ulang kata sandi di ${resetUrl} dan hubungi pusat bantuan: ${context.brand.helpCentreUrl}`,
          '',
          signature(context),
        ].join('\n'),
      };
    },
  };
}
export type MessageTemplates = ReturnType<typeof messageTemplates>;
