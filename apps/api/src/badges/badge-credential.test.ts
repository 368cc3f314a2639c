import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, learningAccounts, schoolMemberships } from '../db/schema';
import { addStudentWithAccount, makeBadgeForTest } from '../test-support/badges';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { SHORT_CODE_LOCK } from './badge-credential';
import { BADGE_QR_PREFIX, parseShortCode, SHORT_CODE_ALPHABET } from './badge-secrets';

let t: TestApp;
let ids: Record<string, number>;
const SD = FIXTURE.sd.npsn;
const credentials = () => t.app.services.badgeCredentials;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids } = await loadRegistryFixture(t.database));
});
afterAll(async () => {
  await t?.close();
});

/** The short code with its last character changed: the same badge, a wrong secret. */
const wrongSecret = (code: string) => {
  const last = code.at(-1)!;
  const other =
    SHORT_CODE_ALPHABET[(SHORT_CODE_ALPHABET.indexOf(last) + 1) % SHORT_CODE_ALPHABET.length];
  return code.slice(0, -1) + other;
};

describe('a badge as a credential', () => {
  it('holds a 144-bit secret as non-URL text and a short code of three groups', async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Raka Pratama', 3);
    const made = await makeBadgeForTest(t, accountId, SD);
    expect(made.qrText.startsWith(BADGE_QR_PREFIX)).toBe(true);
    expect(Buffer.from(made.qrText.slice(BADGE_QR_PREFIX.length), 'base64url')).toHaveLength(18);
    expect(made.qrText).not.toMatch(/^[a-z]+:\/\//i);
    expect(made.shortCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    // Only keyed hashes are stored: neither secret is in the row.
    const [row] = await t.database.db.select().from(badges).where(eq(badges.id, made.badgeId));
    expect(JSON.stringify(row)).not.toContain(made.qrText.slice(BADGE_QR_PREFIX.length));
    expect(JSON.stringify(row)).not.toContain(parseShortCode(made.shortCode)!.secret);
  });

  it('signs in its holder by the QR text and by the short code with the NPSN', async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Sari Wulandari', 2);
    const made = await makeBadgeForTest(t, accountId, SD);
    const holder = {
      badgeId: String(made.badgeId),
      accountId: String(accountId),
      name: 'Sari Wulandari',
      schoolName: FIXTURE.sd.name,
      npsn: SD,
      level: 'Kelas 2',
    };
    expect(await credentials().checkQr(made.qrText)).toEqual({ ok: true, holder });
    expect(await credentials().checkQr(` ${made.qrText}\n`)).toEqual({ ok: true, holder });
    // Typed in lower case, with spaces instead of dashes.
    const typed = made.shortCode.toLowerCase().replaceAll('-', ' ');
    expect(await credentials().checkShortCode(SD, typed, 'ip-a')).toEqual({ ok: true, holder });
    expect(await credentials().isLive(String(made.badgeId))).toBe(true);
  });

  it('needs the school of the badge with its short code', async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Dimas Saputra');
    const made = await makeBadgeForTest(t, accountId, SD);
    expect(await credentials().checkShortCode(FIXTURE.smp.npsn, made.shortCode, 'ip-b')).toEqual({
      ok: false,
      refusal: 'unknown',
    });
  });

  it('knows nothing of texts that are not a live badge', async () => {
    for (const text of [
      '',
      'https://example.com/x',
      `${BADGE_QR_PREFIX}AAAAAAAAAAAAAAAAAAAAAAAA`,
    ]) {
      expect(await credentials().checkQr(text)).toEqual({ ok: false, refusal: 'unknown' });
    }
    expect(await credentials().isLive('999999')).toBe(false);
    expect(await credentials().isLive('not-a-number')).toBe(false);
  });

  it('ends the old badge when a new one is made: one live badge per student', async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Putu Ayu');
    const first = await makeBadgeForTest(t, accountId, SD);
    const second = await makeBadgeForTest(t, accountId, SD);
    expect(second.replaced).toBe(first.badgeId);
    expect(await credentials().checkQr(first.qrText)).toEqual({ ok: false, refusal: 'ended' });
    expect(await credentials().checkShortCode(SD, first.shortCode, 'ip-c')).toMatchObject({
      ok: false,
    });
    expect(await credentials().isLive(String(first.badgeId))).toBe(false);
    expect((await credentials().checkQr(second.qrText)).ok).toBe(true);
    // The database holds it too: a second live row of the account is refused.
    await expect(
      t.database.db.insert(badges).values({
        accountId,
        npsn: SD,
        qrHash: 'f'.repeat(64),
        codeLocator: 'ZZZZ',
        codeHash: 'e'.repeat(64),
      }),
    ).rejects.toThrow();
  });

  it('stops working when the child leaves the school in the registry', async () => {
    const { accountId, personId } = await addStudentWithAccount(t, SD, 'Bagus Setiawan');
    const made = await makeBadgeForTest(t, accountId, SD);
    await t.database.db
      .update(schoolMemberships)
      .set({ leftOn: '2026-06-30' })
      .where(and(eq(schoolMemberships.personId, personId), eq(schoolMemberships.npsn, SD)));
    expect(await credentials().checkQr(made.qrText)).toEqual({ ok: false, refusal: 'left-school' });
    expect(await credentials().checkShortCode(SD, made.shortCode, 'ip-d')).toEqual({
      ok: false,
      refusal: 'left-school',
    });
    expect(await credentials().isLive(String(made.badgeId))).toBe(false);
  });

  it('stops working when the account is suspended', async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Wayan Sudarma');
    const made = await makeBadgeForTest(t, accountId, SD);
    await t.database.db
      .update(learningAccounts)
      .set({ status: 'suspended' })
      .where(eq(learningAccounts.id, accountId));
    expect(await credentials().checkQr(made.qrText)).toEqual({ ok: false, refusal: 'ended' });
  });

  it('is made only for a student (PD) account of a current student of the school', async () => {
    const teacherAccount = await t.database.db
      .select({ id: learningAccounts.id })
      .from(learningAccounts)
      .where(eq(learningAccounts.personId, ids.teacher!));
    for (const { id } of teacherAccount) {
      expect(await t.app.services.badges.makeBadge(id, SD)).toBeNull();
    }
    const { accountId } = await addStudentWithAccount(t, SD, 'Lestari Ningsih');
    // A student of another school: not this one's to badge.
    expect(await t.app.services.badges.makeBadge(accountId, FIXTURE.smp.npsn)).toBeNull();
  });

  it('locks a badge after a few wrong short codes, whoever sends them, and not its QR code', async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Agus Salim');
    const made = await makeBadgeForTest(t, accountId, SD);
    const wrong = wrongSecret(made.shortCode);
    for (let i = 1; i < SHORT_CODE_LOCK.perBadge; i += 1) {
      expect(await credentials().checkShortCode(SD, wrong, `spread-${i}`)).toEqual({
        ok: false,
        refusal: 'unknown',
      });
    }
    const last = await credentials().checkShortCode(SD, wrong, 'spread-last');
    expect(last).toMatchObject({ ok: false, refusal: 'locked' });
    expect((last as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // Even the right code waits now; the card's QR code still signs in.
    expect(await credentials().checkShortCode(SD, made.shortCode, 'elsewhere')).toMatchObject({
      ok: false,
      refusal: 'locked',
    });
    expect((await credentials().checkQr(made.qrText)).ok).toBe(true);
  });

  it("locks one client's guesses at a school without locking the school for others", async () => {
    const { accountId } = await addStudentWithAccount(t, SD, 'Indah Permata');
    const made = await makeBadgeForTest(t, accountId, SD);
    // Codes naming no live badge, from one address: that address is locked for this school.
    let answer;
    for (let i = 0; i < SHORT_CODE_LOCK.perClient; i += 1) {
      const code = `2222-2222-22${SHORT_CODE_ALPHABET[i % 31]}${SHORT_CODE_ALPHABET[Math.floor(i / 31)]}`;
      answer = await credentials().checkShortCode(SD, code, 'stranger');
    }
    expect(answer).toMatchObject({ ok: false, refusal: 'locked' });
    expect(await credentials().checkShortCode(SD, made.shortCode, 'stranger')).toMatchObject({
      ok: false,
      refusal: 'locked',
    });
    // The school's children elsewhere, and the same address at another school, still sign in.
    expect((await credentials().checkShortCode(SD, made.shortCode, 'classroom')).ok).toBe(true);
    const smp = await addStudentWithAccount(t, FIXTURE.smp.npsn, 'Yoga Pratama');
    const other = await makeBadgeForTest(t, smp.accountId, FIXTURE.smp.npsn);
    expect(
      (await credentials().checkShortCode(FIXTURE.smp.npsn, other.shortCode, 'stranger')).ok,
    ).toBe(true);
  });

  it('does not count what cannot be a code at all', async () => {
    for (let i = 0; i < SHORT_CODE_LOCK.perClient + 2; i += 1) {
      expect(await credentials().checkShortCode(SD, 'O0I1-L', 'typo')).toEqual({
        ok: false,
        refusal: 'unknown',
      });
    }
    const { accountId } = await addStudentWithAccount(t, SD, 'Rina Marlina');
    const made = await makeBadgeForTest(t, accountId, SD);
    expect((await credentials().checkShortCode(SD, made.shortCode, 'typo')).ok).toBe(true);
  });
});
