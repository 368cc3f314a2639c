import { DELETION_REPORT_PAGE } from '@portal/contracts/account-deletion';
import { accountDomain, type Brand } from '@portal/contracts/brand';
import { STAFF_INVITATION_PAGE, type StaffRole } from '@portal/contracts/staff';
import type { MailLanguage } from './mail-language';
import type { NewMessage } from './outbox-repository';

type Context = { brand: Brand; publicUrl: string };
type AccountLine = { email: string; schoolLevel: string | null };
type Mail = { subject: string; lines: string[] };
/** A second factor, as a notice names it. */
type FactorKind = 'totp' | 'passkey';
type DeletionNotice = {
  accounts: readonly string[];
  deletionOn: string;
  reportUntil: string;
  token: string;
};

const LOCALES: Record<MailLanguage, string> = { id: 'id-ID', en: 'en-GB' };

/** The staff roles as the console names them (the web's `console` catalogue says the same). */
const ROLE_LABELS: Record<MailLanguage, Record<StaffRole, string>> = {
  id: {
    reviewer: 'peninjau pengajuan dinas',
    'referral-code-manager': 'pengelola kode referral',
    announcer: 'penulis pengumuman',
    operator: 'operator fitur',
    analyst: 'analis statistik',
    registrar: 'registrar penghapusan akun',
    auditor: 'auditor',
    'staff-admin': 'admin staf',
    'platform-admin': 'admin platform',
  },
  en: {
    reviewer: 'office request reviewer',
    'referral-code-manager': 'referral code manager',
    announcer: 'announcer',
    operator: 'feature operator',
    analyst: 'statistics analyst',
    registrar: 'deletion registrar',
    auditor: 'auditor',
    'staff-admin': 'staff admin',
    'platform-admin': 'platform admin',
  },
};

/** The second factors as a notice names them (the web's `sign-in-methods` catalogue agrees). */
const FACTOR_LABELS: Record<MailLanguage, Record<FactorKind, string>> = {
  id: { totp: 'Aplikasi autentikator', passkey: 'Passkey' },
  en: { totp: 'An authenticator app', passkey: 'A passkey' },
};

const longDay = (language: MailLanguage, day: string): string =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const jakartaTime = (language: MailLanguage, date: Date): string =>
  `${new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(date)} WIB`;

/** A message carrying a code is worthless after the code ends: the outbox drops it then. */
const codeExpiry = (validMinutes: number): Date => new Date(Date.now() + validMinutes * 60_000);

/** What every text of one language may use: the brand, the links, and the dates in its locale. */
function copyOf(context: Context, language: MailLanguage) {
  return {
    domain: accountDomain(context.brand),
    brand: context.brand,
    publicUrl: context.publicUrl,
    resetUrl: `${context.publicUrl}/#lupa-kata-sandi`,
    day: (day: string) => longDay(language, day),
    time: (date: Date) => jakartaTime(language, date),
  };
}
type Copy = ReturnType<typeof copyOf>;

const accountList = (accounts: readonly AccountLine[], level: string) =>
  accounts
    .map(({ email, schoolLevel }) => `- ${email}${schoolLevel ? ` (${level} ${schoolLevel})` : ''}`)
    .join('\n');

/** The Indonesian texts: the portal's first language, and every message's default. */
function indonesian(c: Copy) {
  const { domain, resetUrl } = c;
  const helpCentre = c.brand.helpCentreUrl;
  const signature = `Salam,\nTim Akun ${domain}, ${c.brand.ministryName}\nBantuan: ${helpCentre}`;
  const neverAPassword =
    'Kami tidak pernah mengirim atau menanyakan kata sandi Anda. Jangan berikan kata sandi atau kode kepada siapa pun.';
  const mail = (subject: string, lines: string[]): Mail => ({
    subject,
    lines: ['Halo,', '', ...lines, '', signature],
  });
  return {
    accountDetails: (accounts: readonly AccountLine[]) =>
      mail(`Informasi Akun ${domain} Anda`, [
        `Berikut Akun ${domain} yang terdaftar atas data Anda:`,
        accountList(accounts, 'jenjang'),
        '',
        `Cara masuk: buka layanan yang ingin Anda gunakan, pilih masuk dengan Akun ${domain}, lalu ketik alamat akun di atas dan kata sandi Anda.`,
        `Lupa kata sandi? Buka ${resetUrl} lalu pilih Lupa Kata Sandi. Kode sekali pakai akan dikirim ke email pribadi ini.`,
        '',
        neverAPassword,
        'Jika Anda tidak meminta email ini, abaikan saja.',
      ]),
    accountDetailsSms: (accounts: readonly AccountLine[]) =>
      `Akun ${domain} Anda: ${accounts.map((a) => a.email).join(', ')}. Lupa kata sandi? Buka ${resetUrl}. Jangan berikan kata sandi kepada siapa pun.`,
    accountCreated: (accounts: readonly AccountLine[]) =>
      mail(`Akun ${domain} Anda sudah dibuat`, [
        `Akun ${domain} Anda sudah dibuat:`,
        accountList(accounts, 'jenjang'),
        '',
        `Untuk mulai memakainya, buat kata sandi lewat Lupa Kata Sandi di ${resetUrl}: kode sekali pakai akan dikirim ke email pribadi ini.`,
        '',
        neverAPassword,
      ]),
    studentAccountCreated: (accountEmail: string, schoolName: string) =>
      mail(`Akun ${domain} Anda sudah dibuat`, [
        `Atas pengajuan ${schoolName}, Akun ${domain} Anda sudah dibuat: ${accountEmail}`,
        '',
        'Kata sandi awal diberikan oleh Operator Sekolah Anda. Saat pertama kali masuk, Anda akan diminta membuat kata sandi baru.',
        `Anda juga dapat membuat kata sandi sendiri lewat Lupa Kata Sandi di ${resetUrl}: kode sekali pakai akan dikirim ke email pribadi ini.`,
        '',
        neverAPassword,
      ]),
    deletionNotice: (notice: DeletionNotice, link: string) =>
      mail(`Akun ${domain} Anda akan dihapus pada ${c.day(notice.deletionOn)}`, [
        `Data Anda tidak lagi tercatat di Dapodik, sehingga Akun ${domain} berikut akan dihapus pada ${c.day(notice.deletionOn)}:`,
        notice.accounts.map((email) => `- ${email}`).join('\n'),
        '',
        `Jika ini keliru (misalnya Anda masih mengajar atau bersekolah), laporkan paling lambat ${c.day(notice.reportUntil)} lewat tautan ini, atau teruskan email ini kepada Operator Sekolah Anda:`,
        link,
        'Selama laporan ditinjau, akun tidak dihapus. Tanpa laporan, akun dan datanya dihapus permanen 10 hari setelah tanggal penghapusan.',
      ]),
    deletionReportDecided: (decision: { upheld: boolean; removalOn: string }) =>
      decision.upheld
        ? mail(`Akun ${domain} Anda tidak jadi dihapus`, [
            `Laporan Anda kami terima: Akun ${domain} Anda tidak dihapus.`,
          ])
        : mail(`Laporan penghapusan Akun ${domain} Anda ditolak`, [
            `Laporan Anda sudah kami tinjau, tetapi data Anda tetap tidak tercatat di Dapodik. Akun ${domain} Anda akan dihapus permanen pada ${c.day(decision.removalOn)}. Hubungi Operator Sekolah Anda agar data Anda diperbaiki di Dapodik.`,
          ]),
    officeRequestReceived: (requestNumber: string, estimateDays: number) =>
      mail(`Pengajuan Akun ${domain} Dinas diterima: ${requestNumber}`, [
        `Pengajuan Akun ${domain} untuk dinas Anda sudah kami terima dengan nomor ${requestNumber}.`,
        `Tim kami akan memeriksa surat dinas dan data Anda. Pembuatan akun memerlukan waktu sekitar ${estimateDays} hari; hasilnya kami kirim ke email ini.`,
        `Sebutkan nomor ${requestNumber} bila menghubungi pusat bantuan: ${helpCentre}`,
        '',
        neverAPassword,
      ]),
    officeAccountCreated: (requestNumber: string, accountEmail: string) =>
      mail(`Akun ${domain} Dinas Anda sudah dibuat (${requestNumber})`, [
        `Pengajuan ${requestNumber} disetujui. Akun ${domain} dinas Anda sudah dibuat: ${accountEmail}`,
        'Masuk dengan alamat akun itu dan kata sandi yang Anda buat saat mengajukan.',
        `Lupa kata sandi? Buka ${resetUrl} lalu pilih Lupa Kata Sandi.`,
        '',
        neverAPassword,
      ]),
    officeRequestRejected: (requestNumber: string, reason: string) =>
      mail(`Pengajuan Akun ${domain} Dinas ${requestNumber} belum dapat disetujui`, [
        `Pengajuan ${requestNumber} belum dapat kami setujui, dengan alasan berikut:`,
        '',
        reason,
        '',
        `Anda dapat mengajukan kembali di ${c.publicUrl}/account/dinas setelah memperbaikinya. Pertanyaan: ${helpCentre}`,
      ]),
    emailChangeCode: (code: string, validMinutes: number) =>
      mail(`Kode verifikasi email pribadi Akun ${domain}: ${code}`, [
        `Seseorang meminta agar alamat ini menjadi email pribadi untuk Akun ${domain}.`,
        `Kode verifikasi Anda: ${code}`,
        `Kode berlaku ${validMinutes} menit dan hanya dapat dipakai sekali.`,
        '',
        'Jika Anda tidak memintanya, abaikan email ini: email pribadi tidak akan berubah.',
      ]),
    emailChangeApprovalCode: (code: string, maskedNewEmail: string, validMinutes: number) =>
      mail(`Persetujuan mengganti email pribadi Akun ${domain}: ${code}`, [
        `Seseorang meminta agar email pribadi Akun ${domain} Anda diganti menjadi ${maskedNewEmail}.`,
        `Jika itu Anda, masukkan kode persetujuan ini: ${code}`,
        `Kode berlaku ${validMinutes} menit dan hanya dapat dipakai sekali.`,
        '',
        'Jika bukan Anda, abaikan email ini: email pribadi Anda tidak akan berubah tanpa kode ini.',
      ]),
    emailChangeApprovalSms: (code: string, maskedNewEmail: string, validMinutes: number) =>
      `Kode persetujuan ganti email Akun ${domain} ke ${maskedNewEmail}: ${code}. Berlaku ${validMinutes} menit. Bukan Anda? Abaikan.`,
    emailChangedNotice: (maskedNewEmail: string, at: Date) =>
      mail(`Email pribadi Akun ${domain} Anda telah diganti`, [
        `Email pribadi untuk Akun ${domain} Anda telah diganti menjadi ${maskedNewEmail} pada ${c.time(at)}.`,
        `Jika bukan Anda yang menggantinya, segera hubungi pusat bantuan: ${helpCentre}`,
      ]),
    emailChangedNoticeSms: (maskedNewEmail: string, at: Date) =>
      `Email pribadi Akun ${domain} Anda diganti menjadi ${maskedNewEmail} pada ${c.time(at)}. Bukan Anda? Hubungi ${helpCentre}`,
    resetCodeEmail: (code: string, link: string, validMinutes: number) =>
      mail(`Kode OTP atur ulang kata sandi Akun ${domain}: ${code}`, [
        `Kode OTP untuk mengatur ulang kata sandi Akun ${domain} Anda: ${code}`,
        `Atau buka tautan ini untuk melanjutkan: ${link}`,
        `Kode dan tautan berlaku ${validMinutes} menit dan hanya dapat dipakai sekali.`,
        '',
        neverAPassword,
        'Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tidak berubah.',
      ]),
    resetCodeSms: (code: string, validMinutes: number) =>
      `Kode OTP Akun ${domain}: ${code}. Berlaku ${validMinutes} menit. JANGAN berikan kode ini kepada siapa pun.`,
    passwordChangedNoticeSms: (accountEmail: string, at: Date) =>
      `Kata sandi ${accountEmail} diganti pada ${c.time(at)}. Bukan Anda? Atur ulang di ${resetUrl}`,
    passwordResetBySchoolNotice: (accountEmail: string, at: Date) =>
      mail(`Kata sandi Akun ${domain} Anda diatur ulang oleh sekolah`, [
        `Operator Sekolah Anda mengatur ulang kata sandi ${accountEmail} pada ${c.time(at)}.`,
        'Mintalah kata sandi awal yang baru kepada Operator Sekolah. Saat masuk, Anda akan diminta membuat kata sandi baru.',
        `Jika Anda tidak memintanya, hubungi sekolah Anda atau pusat bantuan: ${helpCentre}`,
      ]),
    passwordChangedInProfileNotice: (accountEmail: string, at: Date, othersEnded: boolean) =>
      mail(`Kata sandi Akun ${domain} Anda telah diganti`, [
        `Kata sandi untuk ${accountEmail} diganti dari halaman profil pada ${c.time(at)}.`,
        othersEnded
          ? 'Semua perangkat lain yang masih masuk telah dikeluarkan.'
          : 'Perangkat lain yang masih masuk tetap masuk; Anda dapat mengeluarkannya di halaman profil.',
        `Jika bukan Anda yang menggantinya, segera atur ulang kata sandi di ${resetUrl} dan hubungi pusat bantuan: ${helpCentre}`,
      ]),
    passwordChangedNotice: (accountEmail: string, at: Date) =>
      mail(`Kata sandi Akun ${domain} Anda telah diganti`, [
        `Kata sandi untuk ${accountEmail} telah diganti pada ${c.time(at)}.`,
        'Semua perangkat yang masih masuk dengan kata sandi lama akan diminta masuk kembali.',
        `Jika bukan Anda yang menggantinya, segera atur ulang kata sandi di ${resetUrl} dan hubungi pusat bantuan: ${helpCentre}`,
      ]),
    secondFactorAddedNotice: (accountEmail: string, factor: FactorKind, at: Date) =>
      mail(`Faktor kedua baru ditambahkan ke Akun ${domain} Anda`, [
        `${FACTOR_LABELS.id[factor]} ditambahkan sebagai faktor kedua untuk ${accountEmail} pada ${c.time(at)}.`,
        'Mulai sekarang, setiap kali masuk ke akun ini Anda akan diminta faktor kedua setelah kata sandi.',
        `Jika bukan Anda yang menambahkannya, segera atur ulang kata sandi di ${resetUrl} dan hubungi pusat bantuan: ${helpCentre}`,
      ]),
    secondFactorAddedNoticeSms: (accountEmail: string, factor: FactorKind, at: Date) =>
      `${FACTOR_LABELS.id[factor]} ditambahkan sebagai faktor kedua akun Anda ${accountEmail} pada ${c.time(at)}. Bukan Anda? Hubungi ${helpCentre}`,
    staffInvitation: (link: string, validHours: number) =>
      mail(`Undangan ke Konsol Akun ${domain}`, [
        `Anda diundang menjadi staf Konsol Akun ${domain}, ${c.brand.ministryName}.`,
        `Buka tautan ini untuk membuat kata sandi Anda. Tautan berlaku ${validHours} jam dan hanya sekali pakai:`,
        link,
        '',
        'Setelah itu, masuk dengan alamat email ini dan daftarkan aplikasi autentikator sebagai faktor kedua.',
        neverAPassword,
        'Jika Anda tidak mengharapkan undangan ini, abaikan email ini.',
      ]),
    staffRolesChanged: (roles: readonly StaffRole[]) =>
      mail(`Peran Anda di Konsol Akun ${domain} diubah`, [
        `Admin staf mengubah peran Anda. Peran Anda sekarang: ${roles.map((role) => ROLE_LABELS.id[role]).join(', ') || 'tidak ada'}.`,
        'Perubahan berlaku pada tindakan Anda berikutnya di konsol.',
        'Jika ini tidak Anda harapkan, hubungi admin staf.',
      ]),
    staffDisabled: (at: Date) =>
      mail(`Akun staf Anda di Konsol Akun ${domain} dinonaktifkan`, [
        `Admin staf menonaktifkan akun staf Anda pada ${c.time(at)}. Semua sesi masuk Anda sudah diakhiri.`,
        'Jika ini tidak Anda harapkan, hubungi admin staf.',
      ]),
    staffEnabled: (at: Date) =>
      mail(`Akun staf Anda di Konsol Akun ${domain} aktif kembali`, [
        `Admin staf mengaktifkan kembali akun staf Anda pada ${c.time(at)}. Anda dapat masuk lagi.`,
      ]),
    staffSecondFactorReset: (at: Date) =>
      mail(`Faktor kedua akun staf Anda diatur ulang`, [
        `Admin staf mengatur ulang faktor kedua akun staf Anda pada ${c.time(at)}. Semua sesi masuk Anda sudah diakhiri.`,
        'Saat masuk berikutnya, Anda akan diminta mendaftarkan aplikasi autentikator lagi.',
        'Jika ini tidak Anda minta, hubungi admin staf segera.',
      ]),
  };
}
type Texts = ReturnType<typeof indonesian>;

/** The English texts, the same messages word for word in meaning (the type holds them together). */
function english(c: Copy): Texts {
  const { domain, resetUrl } = c;
  const helpCentre = c.brand.helpCentreUrl;
  const signature = `Regards,\nThe ${domain} Account team, ${c.brand.ministryName}\nHelp: ${helpCentre}`;
  const neverAPassword =
    'We never send or ask for your password. Do not give your password or any code to anyone.';
  const mail = (subject: string, lines: string[]): Mail => ({
    subject,
    lines: ['Hello,', '', ...lines, '', signature],
  });
  return {
    accountDetails: (accounts) =>
      mail(`Your ${domain} Account details`, [
        `These ${domain} Accounts are registered under your details:`,
        accountList(accounts, 'level'),
        '',
        `To sign in: open the service you want to use, choose to sign in with a ${domain} Account, then type the account address above and your password.`,
        `Forgot your password? Open ${resetUrl} and choose Forgot Password. A one-time code will be sent to this personal e-mail.`,
        '',
        neverAPassword,
        'If you did not ask for this e-mail, you can ignore it.',
      ]),
    accountDetailsSms: (accounts) =>
      `Your ${domain} Account: ${accounts.map((a) => a.email).join(', ')}. Forgot your password? Open ${resetUrl}. Never give your password to anyone.`,
    accountCreated: (accounts) =>
      mail(`Your ${domain} Account has been created`, [
        `Your ${domain} Account has been created:`,
        accountList(accounts, 'level'),
        '',
        `To start using it, create a password through Forgot Password at ${resetUrl}: a one-time code will be sent to this personal e-mail.`,
        '',
        neverAPassword,
      ]),
    studentAccountCreated: (accountEmail, schoolName) =>
      mail(`Your ${domain} Account has been created`, [
        `At the request of ${schoolName}, your ${domain} Account has been created: ${accountEmail}`,
        '',
        'Your initial password is given by your School Operator. When you first sign in, you will be asked to create a new password.',
        `You can also create your own password through Forgot Password at ${resetUrl}: a one-time code will be sent to this personal e-mail.`,
        '',
        neverAPassword,
      ]),
    deletionNotice: (notice, link) =>
      mail(`Your ${domain} Account will be deleted on ${c.day(notice.deletionOn)}`, [
        `Your details are no longer recorded in Dapodik, so the following ${domain} Accounts will be deleted on ${c.day(notice.deletionOn)}:`,
        notice.accounts.map((email) => `- ${email}`).join('\n'),
        '',
        `If this is a mistake (for example, you still teach or study), report it by ${c.day(notice.reportUntil)} through this link, or forward this e-mail to your School Operator:`,
        link,
        'While the report is reviewed, the account is not deleted. Without a report, the account and its data are permanently deleted 10 days after the deletion date.',
      ]),
    deletionReportDecided: (decision) =>
      decision.upheld
        ? mail(`Your ${domain} Account will not be deleted`, [
            `We accepted your report: your ${domain} Account will not be deleted.`,
          ])
        : mail(`Your report about deleting your ${domain} Account was rejected`, [
            `We reviewed your report, but your details are still not recorded in Dapodik. Your ${domain} Account will be permanently deleted on ${c.day(decision.removalOn)}. Contact your School Operator to have your details corrected in Dapodik.`,
          ]),
    officeRequestReceived: (requestNumber, estimateDays) =>
      mail(`Office ${domain} Account request received: ${requestNumber}`, [
        `We have received the ${domain} Account request for your office under number ${requestNumber}.`,
        `Our team will check the official letter and your details. Creating the account takes about ${estimateDays} days; we will send the outcome to this e-mail.`,
        `Quote number ${requestNumber} when you contact the help centre: ${helpCentre}`,
        '',
        neverAPassword,
      ]),
    officeAccountCreated: (requestNumber, accountEmail) =>
      mail(`Your office ${domain} Account has been created (${requestNumber})`, [
        `Request ${requestNumber} was approved. Your office ${domain} Account has been created: ${accountEmail}`,
        'Sign in with that account address and the password you chose when you applied.',
        `Forgot your password? Open ${resetUrl} and choose Forgot Password.`,
        '',
        neverAPassword,
      ]),
    officeRequestRejected: (requestNumber, reason) =>
      mail(`Office ${domain} Account request ${requestNumber} cannot be approved yet`, [
        `We cannot approve request ${requestNumber} yet, for this reason:`,
        '',
        reason,
        '',
        `You can apply again at ${c.publicUrl}/account/dinas once you have corrected it. Questions: ${helpCentre}`,
      ]),
    emailChangeCode: (code, validMinutes) =>
      mail(`${domain} Account personal e-mail verification code: ${code}`, [
        `Someone asked for this address to become the personal e-mail of a ${domain} Account.`,
        `Your verification code: ${code}`,
        `The code is valid for ${validMinutes} minutes and can be used only once.`,
        '',
        'If you did not ask for this, ignore this e-mail: the personal e-mail will not change.',
      ]),
    emailChangeApprovalCode: (code, maskedNewEmail, validMinutes) =>
      mail(`Approve changing the personal e-mail of your ${domain} Account: ${code}`, [
        `Someone asked to change the personal e-mail of your ${domain} Account to ${maskedNewEmail}.`,
        `If that was you, enter this approval code: ${code}`,
        `The code is valid for ${validMinutes} minutes and can be used only once.`,
        '',
        'If it was not you, ignore this e-mail: your personal e-mail will not change without this code.',
      ]),
    emailChangeApprovalSms: (code, maskedNewEmail, validMinutes) =>
      `Code to approve changing your ${domain} Account e-mail to ${maskedNewEmail}: ${code}. Valid for ${validMinutes} minutes. Not you? Ignore it.`,
    emailChangedNotice: (maskedNewEmail, at) =>
      mail(`The personal e-mail of your ${domain} Account has been changed`, [
        `The personal e-mail of your ${domain} Account was changed to ${maskedNewEmail} on ${c.time(at)}.`,
        `If you did not change it, contact the help centre at once: ${helpCentre}`,
      ]),
    emailChangedNoticeSms: (maskedNewEmail, at) =>
      `The personal e-mail of your ${domain} Account was changed to ${maskedNewEmail} on ${c.time(at)}. Not you? Contact ${helpCentre}`,
    resetCodeEmail: (code, link, validMinutes) =>
      mail(`${domain} Account password reset OTP code: ${code}`, [
        `The OTP code to reset the password of your ${domain} Account: ${code}`,
        `Or open this link to continue: ${link}`,
        `The code and the link are valid for ${validMinutes} minutes and can be used only once.`,
        '',
        neverAPassword,
        'If you did not ask for this, ignore this e-mail: your password has not changed.',
      ]),
    resetCodeSms: (code, validMinutes) =>
      `${domain} Account OTP code: ${code}. Valid for ${validMinutes} minutes. NEVER give this code to anyone.`,
    passwordChangedNoticeSms: (accountEmail, at) =>
      `The password of ${accountEmail} was changed on ${c.time(at)}. Not you? Reset it at ${resetUrl}`,
    passwordResetBySchoolNotice: (accountEmail, at) =>
      mail(`Your school reset the password of your ${domain} Account`, [
        `Your School Operator reset the password of ${accountEmail} on ${c.time(at)}.`,
        'Ask your School Operator for the new initial password. When you sign in, you will be asked to create a new password.',
        `If you did not ask for this, contact your school or the help centre: ${helpCentre}`,
      ]),
    passwordChangedInProfileNotice: (accountEmail, at, othersEnded) =>
      mail(`The password of your ${domain} Account has been changed`, [
        `The password of ${accountEmail} was changed from the profile page on ${c.time(at)}.`,
        othersEnded
          ? 'Every other device that was signed in has been signed out.'
          : 'Other devices that were signed in stay signed in; you can sign them out on the profile page.',
        `If you did not change it, reset the password at ${resetUrl} at once and contact the help centre: ${helpCentre}`,
      ]),
    passwordChangedNotice: (accountEmail, at) =>
      mail(`The password of your ${domain} Account has been changed`, [
        `The password of ${accountEmail} was changed on ${c.time(at)}.`,
        'Every device still signed in with the old password will be asked to sign in again.',
        `If you did not change it, reset the password at ${resetUrl} at once and contact the help centre: ${helpCentre}`,
      ]),
    secondFactorAddedNotice: (accountEmail, factor, at) =>
      mail(`A new second factor was added to your ${domain} Account`, [
        `${FACTOR_LABELS.en[factor]} was added as a second factor of ${accountEmail} on ${c.time(at)}.`,
        'From now on, each sign-in to this account asks for a second factor after the password.',
        `If you did not add it, reset the password at ${resetUrl} at once and contact the help centre: ${helpCentre}`,
      ]),
    secondFactorAddedNoticeSms: (accountEmail, factor, at) =>
      `${FACTOR_LABELS.en[factor]} was added as a second factor of your account ${accountEmail} on ${c.time(at)}. Not you? Contact ${helpCentre}`,
    staffInvitation: (link, validHours) =>
      mail(`Invitation to the ${domain} Account console`, [
        `You are invited to join the staff of the ${domain} Account console, ${c.brand.ministryName}.`,
        `Open this link to create your password. It works for ${validHours} hours, once:`,
        link,
        '',
        'Then sign in with this address and enrol an authenticator app as your second factor.',
        neverAPassword,
        'If you did not expect this invitation, ignore this e-mail.',
      ]),
    staffRolesChanged: (roles) =>
      mail(`Your roles in the ${domain} Account console have changed`, [
        `A staff admin changed your roles. Your roles now: ${roles.map((role) => ROLE_LABELS.en[role]).join(', ') || 'none'}.`,
        'The change applies to your next action in the console.',
        'If you did not expect this, contact a staff admin.',
      ]),
    staffDisabled: (at) =>
      mail(`Your staff account in the ${domain} Account console was disabled`, [
        `A staff admin disabled your staff account on ${c.time(at)}. Every session you had has ended.`,
        'If you did not expect this, contact a staff admin.',
      ]),
    staffEnabled: (at) =>
      mail(`Your staff account in the ${domain} Account console is active again`, [
        `A staff admin enabled your staff account again on ${c.time(at)}. You can sign in again.`,
      ]),
    staffSecondFactorReset: (at) =>
      mail('The second factor of your staff account was reset', [
        `A staff admin reset the second factor of your staff account on ${c.time(at)}. Every session you had has ended.`,
        'At your next sign-in you will be asked to enrol an authenticator app again.',
        'If you did not ask for this, contact a staff admin at once.',
      ]),
  };
}

const TEXTS: Record<MailLanguage, (copy: Copy) => Texts> = { id: indonesian, en: english };

/**
 * The messages, in the language of the person they go to (decision 0252); they carry
 * addresses and codes, never a password.
 */
export function messageTemplates(context: Context) {
  function inLanguage(language: MailLanguage) {
    const text = TEXTS[language](copyOf(context, language));
    const email = (to: string, template: string, { subject, lines }: Mail): NewMessage => ({
      channel: 'email',
      recipient: to,
      template,
      language,
      subject,
      bodyText: lines.join('\n'),
    });
    const sms = (to: string, template: string, bodyText: string): NewMessage => ({
      channel: 'sms',
      recipient: to,
      template,
      language,
      subject: null,
      bodyText,
    });
    const withCode = (message: NewMessage, validMinutes: number): NewMessage => ({
      ...message,
      expiresAt: codeExpiry(validMinutes),
    });
    return {
      accountDetails: (to: string, accounts: readonly AccountLine[]) =>
        email(to, 'account-details', text.accountDetails(accounts)),
      accountDetailsSms: (to: string, accounts: readonly AccountLine[]) =>
        sms(to, 'account-details-sms', text.accountDetailsSms(accounts)),
      accountCreated: (to: string, accounts: readonly AccountLine[]) =>
        email(to, 'account-created', text.accountCreated(accounts)),
      /** A student's account made on the school's request: the initial password comes from the school. */
      studentAccountCreated: (to: string, accountEmail: string, schoolName: string) =>
        email(to, 'student-account-created', text.studentAccountCreated(accountEmail, schoolName)),
      /**
       * A notice that the accounts will be deleted (SPEC §1): the stated date, and the link to
       * report a mistake (its token in the fragment, never sent to a server as part of a URL).
       */
      deletionNotice: (to: string, notice: DeletionNotice) =>
        email(
          to,
          'deletion-notice',
          text.deletionNotice(
            notice,
            `${context.publicUrl}${DELETION_REPORT_PAGE}#t=${notice.token}`,
          ),
        ),
      deletionReportDecided: (to: string, decision: { upheld: boolean; removalOn: string }) =>
        email(to, 'deletion-report-decided', text.deletionReportDecided(decision)),
      officeRequestReceived: (to: string, requestNumber: string, estimateDays: number) =>
        email(
          to,
          'office-request-received',
          text.officeRequestReceived(requestNumber, estimateDays),
        ),
      officeAccountCreated: (to: string, requestNumber: string, accountEmail: string) =>
        email(to, 'office-account-created', text.officeAccountCreated(requestNumber, accountEmail)),
      officeRequestRejected: (to: string, requestNumber: string, reason: string) =>
        email(to, 'office-request-rejected', text.officeRequestRejected(requestNumber, reason)),
      emailChangeCode: (to: string, code: string, validMinutes: number) =>
        withCode(
          email(to, 'email-change-code', text.emailChangeCode(code, validMinutes)),
          validMinutes,
        ),
      emailChangeApprovalCode: (
        to: string,
        code: string,
        maskedNewEmail: string,
        validMinutes: number,
      ) =>
        withCode(
          email(
            to,
            'email-change-current-code',
            text.emailChangeApprovalCode(code, maskedNewEmail, validMinutes),
          ),
          validMinutes,
        ),
      emailChangeApprovalSms: (
        to: string,
        code: string,
        maskedNewEmail: string,
        validMinutes: number,
      ) =>
        withCode(
          sms(
            to,
            'email-change-current-code-sms',
            text.emailChangeApprovalSms(code, maskedNewEmail, validMinutes),
          ),
          validMinutes,
        ),
      emailChangedNotice: (to: string, maskedNewEmail: string, at: Date) =>
        email(to, 'email-changed-notice', text.emailChangedNotice(maskedNewEmail, at)),
      emailChangedNoticeSms: (to: string, maskedNewEmail: string, at: Date) =>
        sms(to, 'email-changed-notice-sms', text.emailChangedNoticeSms(maskedNewEmail, at)),
      resetCodeEmail: (to: string, code: string, sessionId: string, validMinutes: number) => {
        // The fragment never reaches a server log: the page reads it and removes it.
        const link = `${context.publicUrl}/reset-password/otp#sesi=${encodeURIComponent(sessionId)}&kode=${code}`;
        return withCode(
          email(to, 'reset-code', text.resetCodeEmail(code, link, validMinutes)),
          validMinutes,
        );
      },
      resetCodeSms: (to: string, code: string, validMinutes: number) =>
        withCode(sms(to, 'reset-code-sms', text.resetCodeSms(code, validMinutes)), validMinutes),
      passwordChangedNoticeSms: (to: string, accountEmail: string, at: Date) =>
        sms(to, 'password-changed-notice-sms', text.passwordChangedNoticeSms(accountEmail, at)),
      passwordResetBySchoolNotice: (to: string, accountEmail: string, at: Date) =>
        email(to, 'password-reset-by-school', text.passwordResetBySchoolNotice(accountEmail, at)),
      passwordChangedInProfileNotice: (
        to: string,
        accountEmail: string,
        at: Date,
        othersEnded: boolean,
      ) =>
        email(
          to,
          'password-changed-in-profile',
          text.passwordChangedInProfileNotice(accountEmail, at, othersEnded),
        ),
      passwordChangedNotice: (to: string, accountEmail: string, at: Date) =>
        email(to, 'password-changed-notice', text.passwordChangedNotice(accountEmail, at)),
      /** A second factor added to a learning account: every contact hears of it. */
      secondFactorAddedNotice: (to: string, accountEmail: string, factor: FactorKind, at: Date) =>
        email(to, 'second-factor-added', text.secondFactorAddedNotice(accountEmail, factor, at)),
      secondFactorAddedNoticeSms: (
        to: string,
        accountEmail: string,
        factor: FactorKind,
        at: Date,
      ) =>
        sms(
          to,
          'second-factor-added-sms',
          text.secondFactorAddedNoticeSms(accountEmail, factor, at),
        ),
      /** A staff invitation: the link's token in the fragment, never in a server log. */
      staffInvitation: (to: string, token: string, validHours: number) =>
        email(
          to,
          'staff-invitation',
          text.staffInvitation(
            `${context.publicUrl}${STAFF_INVITATION_PAGE}#t=${token}`,
            validHours,
          ),
        ),
      staffRolesChanged: (to: string, roles: readonly StaffRole[]) =>
        email(to, 'staff-roles-changed', text.staffRolesChanged(roles)),
      staffDisabled: (to: string, at: Date) => email(to, 'staff-disabled', text.staffDisabled(at)),
      staffEnabled: (to: string, at: Date) => email(to, 'staff-enabled', text.staffEnabled(at)),
      staffSecondFactorReset: (to: string, at: Date) =>
        email(to, 'staff-second-factor-reset', text.staffSecondFactorReset(at)),
    };
  }
  const byLanguage = { id: inLanguage('id'), en: inLanguage('en') };
  return {
    /** The messages in one language; Indonesian unless the person's language is known. */
    in: (language: MailLanguage) => byLanguage[language],
  };
}
export type MessageTemplates = ReturnType<typeof messageTemplates>;
/** One language's messages, as the test of each template reads them. */
export type LanguageTemplates = ReturnType<MessageTemplates['in']>;
