import { DATA_EXPORT_LABELS, DATA_EXPORT_VALUES, type DataExport } from '@portal/contracts/profile';
import type { MailLanguage } from '../notifications/mail-language';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Cell = string | number | null | undefined;

/** A keyed hash of personal data (HMAC-SHA-256 in hex): never printed. */
const HASH = /^[0-9a-f]{64}$/;

const locale = (language: MailLanguage) => (language === 'en' ? 'en-GB' : 'id-ID');

/** A moment as the ministry reads it: Jakarta time, the zone named. */
const moment = (iso: string | null, language: MailLanguage): string | null =>
  iso === null
    ? null
    : `${new Intl.DateTimeFormat(locale(language), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Jakarta',
      }).format(Date.parse(iso))} ${DATA_EXPORT_VALUES[language].zone}`;

/** A calendar day (`YYYY-MM-DD`, a birth date or a day a school was left), written out. */
function day(value: string | null, language: MailLanguage): string | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${value}T00:00:00Z`),
  );
}

/** A stored value's label, or the value itself when it has none. */
const labelOf = (labels: Readonly<Record<string, string>>, value: string | null) =>
  value === null ? null : (labels[value] ?? value);

/**
 * The readable copy of a person's data: one self-contained page, no script, printable (a
 * browser's "print to PDF" makes the PDF). Every value is escaped.
 */
export function dataExportPage(data: DataExport, language: MailLanguage): string {
  const l = DATA_EXPORT_LABELS[language];
  const v = DATA_EXPORT_VALUES[language];
  const text = (cell: Cell) =>
    escape(typeof cell === 'string' && HASH.test(cell) ? v.hashed : String(cell ?? '–'));
  const table = (headers: string[], rows: Cell[][], none: string): string => {
    if (rows.length === 0) return `<p>${escape(none)}</p>`;
    const head = headers.map((header) => `<th scope="col">${escape(header)}</th>`).join('');
    const body = rows
      .map((row) => `<tr>${row.map((cell) => `<td>${text(cell)}</td>`).join('')}</tr>`)
      .join('\n');
    return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
  };
  const at = (iso: string | null) => moment(iso, language);
  const section = (title: string, content: string) =>
    `<section><h2>${escape(title)}</h2>\n${content}\n</section>`;
  const definition = (rows: [string, Cell][]) =>
    `<dl>${rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${text(value)}</dd>`).join('')}</dl>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(l.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#111;line-height:1.5}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #888;padding:.25rem .5rem;text-align:left;vertical-align:top;word-break:break-word}
dt{font-weight:600}dd{margin:0 0 .5rem}section{break-inside:avoid-page}
@media print{body{margin:0;max-width:none}}
</style>
</head>
<body>
<h1>${escape(l.title)}</h1>
<p>${escape(l.generatedAt)}: <time datetime="${escape(data.generated_at)}">${escape(at(data.generated_at) ?? '')}</time></p>
<p>${escape(l.intro)}</p>
${section(
  l.person,
  definition([
    [l.name, data.person.name],
    [l.birthDate, day(data.person.birth_date, language)],
    [l.personalEmail, data.person.personal_email],
    [l.phone, data.person.phone],
    [l.office, data.office],
  ]),
)}
${section(
  l.accounts,
  table(
    [l.email, l.type, l.level, l.status, l.created, l.passwordChanged],
    data.accounts.map((a) => [
      a.email,
      labelOf(v.userTypes, a.user_type),
      a.school_level,
      labelOf(v.accountStatus, a.status),
      at(a.created_at),
      at(a.password_changed_at),
    ]),
    l.none,
  ),
)}
${section(
  l.schools,
  table(
    ['NPSN', l.name, l.role, l.left],
    data.schools.map((s) => [s.npsn, s.name, labelOf(v.roles, s.role), day(s.left_on, language)]),
    l.none,
  ),
)}
${section(
  l.sessions,
  table(
    [l.browser, l.system, l.at, l.lastUsed],
    data.signed_in_sessions.map((s) => [
      s.browser,
      s.system,
      at(s.signed_in_at),
      at(s.last_used_at),
    ]),
    l.none,
  ),
)}
${section(
  l.securityHistory,
  table(
    [l.at, l.what, l.outcome],
    data.security_history.map((e) => [
      at(e.at),
      labelOf(v.actions, e.action),
      labelOf(v.outcomes, e.outcome),
    ]),
    l.none,
  ),
)}
${section(
  l.emailChanges,
  table(
    [l.at, l.email, l.closed, l.outcome],
    data.email_changes.map((c) => [
      at(c.requested_at),
      c.new_email,
      at(c.closed_at),
      c.outcome === null ? v.open : labelOf(v.outcomes, c.outcome),
    ]),
    l.none,
  ),
)}
${section(
  l.passwordResets,
  table(
    [l.at, l.completed],
    data.password_resets.map((r) => [at(r.requested_at), at(r.completed_at)]),
    l.none,
  ),
)}
${section(
  l.officeRequests,
  table(
    [l.at, l.status, l.office, l.region],
    data.office_requests.map((r) => [
      at(r.requested_at),
      labelOf(v.requestStatus, r.status),
      labelOf(v.officeTypes, r.office_type),
      r.region_code,
    ]),
    l.none,
  ),
)}
${section(
  l.studentRequests,
  table(
    [l.at, l.status, 'NPSN', l.students],
    data.student_requests.map((r) => [
      at(r.requested_at),
      labelOf(v.requestStatus, r.status),
      r.npsn,
      r.students,
    ]),
    l.none,
  ),
)}
${section(
  l.notices,
  table(
    [l.at, l.channel, l.to, l.what],
    data.notices.map((n) => [at(n.at), labelOf(v.channels, n.channel), n.to, n.subject]),
    l.none,
  ),
)}
</body>
</html>
`;
}
