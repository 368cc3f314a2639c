import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DELETION_MESSAGES, DELETION_REPORT_PAGE } from '@portal/contracts/account-deletion';
import { DEFAULT_BRAND } from '@portal/contracts/brand';
// The server seeded its demo registry with this generator: the snapshot is that registry again.
import {
  DEFAULT_REGISTRY_SEED,
  createRegistryPlan,
  loadRegionData,
  registryCsv,
  registryPeople,
} from '@portal/api/demo-registry';
import consoleEn from '../app/locales/en/console.json';
import en from '../app/locales/en/deletion-report.json';
import id from '../app/locales/id/deletion-report.json';
import {
  DESKTOP,
  MOBILE,
  hasBrowser,
  launchBrowser,
  newContext,
  open,
  registryInboxDir,
} from './browser';
import { demoIdentities, demoSignInAccounts, waitForMessage } from './dev-pages';
import { expectNoAxeViolations } from './axe';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// End to end: a registry snapshot in the server's inbox in which a teacher with an
// account is missing; the sync schedules the deletion, the notice arrives, its link opens the
// report page where the teacher reports a mistake; the registrar upholds it in the console and
// the teacher is told.
//
// The snapshot is the whole demo registry (the generator, with the server's seed and size),
// less that teacher: the sync reads anyone absent from a snapshot as gone from the registry, so
// a snapshot of the teacher alone would schedule every other demo account's deletion, under the
// other journeys' feet.

const SNAPSHOT_FILES = ['schools', 'people', 'school_memberships'] as const;
type SnapshotFile = (typeof SNAPSHOT_FILES)[number];
const isSnapshotFile = (table: string): table is SnapshotFile =>
  (SNAPSHOT_FILES as readonly string[]).includes(table);

const registryOptions = () => ({
  people: inject('demoPeople'),
  seed: DEFAULT_REGISTRY_SEED,
  productName: DEFAULT_BRAND.productName,
});

/**
 * A teacher with accounts and a personal e-mail whom no other journey uses: not a lookup
 * identity nor a sign-in account, and no principal or operator (the school admin is one).
 */
async function leavingTeacher(taken: ReadonlySet<string>) {
  const plan = createRegistryPlan(await loadRegionData(), registryOptions());
  const teachers = [];
  for (const { person, memberships, accounts } of registryPeople(plan)) {
    if (
      person.kind === 'ptk' &&
      person.personalEmail &&
      accounts.length > 0 &&
      memberships.every((m) => m.role === 'teacher') &&
      !accounts.some((a) => taken.has(a.email))
    )
      teachers.push({ ...person, personalEmail: person.personalEmail });
  }
  const teacher = teachers[Math.floor(teachers.length / 2)];
  if (!teacher) throw new Error('no teacher to leave the demo registry');
  return teacher;
}

/** Drops the demo registry without `personId` into the server's inbox, `READY` written last. */
async function dropSnapshotWithout(personId: number): Promise<void> {
  const files: Record<SnapshotFile, string[]> = { schools: [], people: [], school_memberships: [] };
  for (const { table, line } of registryCsv(await loadRegionData(), registryOptions())) {
    if (!isSnapshotFile(table)) continue;
    if (table !== 'schools' && line.startsWith(`${personId},`)) continue;
    files[table].push(line);
  }
  const folder = path.join(registryInboxDir, `e2e-${Date.now()}`);
  mkdirSync(folder, { recursive: true });
  for (const file of SNAPSHOT_FILES) {
    writeFileSync(path.join(folder, `${file}.csv`), files[file].join(''));
  }
  writeFileSync(path.join(folder, 'READY'), '');
}

/** A day as the notice and the Indonesian page write it: `5 Januari 2027`. */
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${iso}T00:00:00Z`),
  );

/** Today in Jakarta plus `days`, as the sync dates the deletion. */
function jakartaDayPlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe.skipIf(!hasBrowser)('a deletion notice reported as a mistake', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from the snapshot to the notice, the report (360 px id) and the decision (1280 px en)', async () => {
    const identities = await demoIdentities();
    const accounts = await demoSignInAccounts();
    const teacher = await leavingTeacher(
      new Set([
        ...Object.values(identities).map((identity) => identity.accountEmail),
        ...Object.values(accounts).map((account) => account.email),
      ]),
    );
    const since = Date.now();
    await dropSnapshotWithout(teacher.id);

    // The sync and the day's run take seconds here; the first notice is 30 days ahead.
    const notice = await waitForMessage(
      'deletion-notice',
      since,
      (message) => message.recipient === teacher.personalEmail,
    );
    const statedOn = longDay(jakartaDayPlus(30));
    expect(notice.subject).toContain(statedOn);
    const link = new URL(
      /https?:\/\/\S+#t=\S+/.exec(notice.bodyText)?.[0] ?? 'http://invalid/no-link',
    );
    expect(link.pathname).toBe(DELETION_REPORT_PAGE);

    // The link, on a phone, in Indonesian.
    const phone = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const page = await open(phone, `${link.pathname}${link.hash}`);
    await page.getByRole('heading', { level: 1, name: id.title }).waitFor();
    await page.getByText(id.stated.replace('{{date}}', statedOn)).waitFor();
    // The token leaves the address bar once read: history and screenshots do not carry it.
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page, 'deletion report form 360 id');

    // Nothing chosen: the form says what is missing, in Indonesian.
    await page.getByRole('button', { name: id.submit }).click();
    await page.getByRole('alert').filter({ hasText: DELETION_MESSAGES.reporterRequired }).waitFor();
    await page.getByLabel(id.reporters.owner).check();
    await page.getByLabel(id.reason, { exact: true }).fill('Saya masih mengajar di sekolah ini.');
    await page.getByRole('button', { name: id.submit }).click();
    await page.getByRole('status').filter({ hasText: id.status.reported }).waitFor();
    await expectNoAxeViolations(page, 'deletion report sent 360 id');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );

    // The registrar decides it in the console, at 1280 px in English.
    const { registrar } = accounts;
    const desk = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    const konsol = await open(desk, '/konsol/penghapusan');
    await signInWithPassword(konsol, 'en', registrar);
    await chooseNewPassword(konsol, 'en', 'Nasi liwet Solo pagi 31', 'registrar 1280 en');
    await enrolAuthenticator(konsol, 'en', 'registrar 1280 en');
    await konsol.waitForURL(/\/konsol\/penghapusan$/, { timeout: 30_000 });
    const t = consoleEn.deletions;
    const section = konsol.getByRole('region', { name: t.title });
    await section.getByRole('heading', { level: 1, name: t.title }).waitFor();
    const row = section
      .getByRole('table', { name: t.caption })
      .getByRole('row')
      .filter({ hasText: teacher.fullName });
    await row.getByText('Saya masih mengajar di sekolah ini.').waitFor();
    expect(await row.textContent()).toContain(t.statuses.reported);
    await expectNoAxeViolations(konsol, 'console deletions 1280 en');
    const decidedSince = Date.now();
    await row
      .getByRole('button', { name: t.uphold.replace('{{name}}', teacher.fullName), exact: true })
      .click();
    // The decision reaches the public: it is confirmed first.
    const confirm = konsol.getByRole('dialog', {
      name: t.confirmUphold.replace('{{name}}', teacher.fullName),
    });
    await confirm.waitFor();
    await expectNoAxeViolations(konsol, 'console deletion confirmation 1280 en');
    await confirm.getByRole('button', { name: t.yesUphold }).click();
    await row.getByText(`${t.statuses.cancelled} · ${t.decisions.upheld}`).waitFor();
    await expectNoAxeViolations(konsol, 'console deletion upheld 1280 en');

    const outcome = await waitForMessage(
      'deletion-report-decided',
      decidedSince,
      (message) => message.recipient === teacher.personalEmail,
    );
    expect(outcome.subject).toContain('tidak jadi dihapus');

    // The console on a phone, and the notice's link afterwards at 1280 px: nothing to report.
    await konsol.setViewportSize(MOBILE);
    await section.getByRole('heading', { level: 1, name: t.title }).waitFor();
    await expectNoAxeViolations(konsol, 'console deletions 360 en');
    const later = await open(desk, `${link.pathname}${link.hash}`);
    await later.getByRole('status').filter({ hasText: en.status.cancelled }).waitFor();
    await expectNoAxeViolations(later, 'deletion report cancelled 1280 en');
    await phone.close();
    await desk.close();
  }, 180_000);
});
