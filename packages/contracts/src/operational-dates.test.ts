import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BirthDateSchema } from './account-lookup';
import { AnnouncementInputSchema } from './announcements';
import { ERROR_MESSAGES } from './api-error';
import { OfficeRequestListQuerySchema, ReferralCodeCreateSchema } from './console';
import {
  OPERATIONAL_DATE_MESSAGES,
  OperationalDaySchema,
  operationalMoment,
} from './operational-dates';
import { StatisticsQuerySchema } from './statistics';

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const outOfRange = OPERATIONAL_DATE_MESSAGES.outOfRange;

describe('operational dates', () => {
  it('takes the days from 2000 to 2100, both ends included', () => {
    for (const day of ['2000-01-01', '2026-11-24', '2100-12-31']) {
      expect(OperationalDaySchema.parse(day)).toBe(day);
    }
  });

  it('refuses a day outside them, year 0000 first, in Indonesian', () => {
    for (const day of ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expect(messagesOf(OperationalDaySchema, day), day).toEqual([outOfRange]);
    }
  });

  it('says a malformed or a missing day with the usual date messages', () => {
    expect(messagesOf(OperationalDaySchema, '2026-02-30')).toEqual([ERROR_MESSAGES.invalidDate]);
    expect(messagesOf(OperationalDaySchema, '24-11-2026')).toEqual([ERROR_MESSAGES.invalidDate]);
    expect(messagesOf(OperationalDaySchema, undefined)).toEqual([ERROR_MESSAGES.required]);
  });

  it('bounds a moment the same way, whatever its offset', () => {
    const moment = operationalMoment(ERROR_MESSAGES.invalidDate);
    expect(moment.parse('2026-11-24T08:00:00+07:00')).toBe('2026-11-24T08:00:00+07:00');
    expect(messagesOf(moment, '0000-01-01T00:00:00Z')).toEqual([outOfRange]);
    expect(messagesOf(moment, '2101-01-01T00:00:00+07:00')).toEqual([outOfRange]);
    expect(messagesOf(moment, 'besok')).toEqual([ERROR_MESSAGES.invalidDate]);
  });

  it('is the rule of every date in a query or a body', () => {
    expect(messagesOf(StatisticsQuerySchema, { from: '0000-01-01', to: '0000-01-01' })).toEqual([
      outOfRange,
      outOfRange,
    ]);
    expect(messagesOf(OfficeRequestListQuerySchema, { from: '0000-01-01' })).toEqual([outOfRange]);
    expect(
      messagesOf(ReferralCodeCreateSchema, { maxUses: 5, expiresAt: '0000-01-01T00:00:00Z' }),
    ).toEqual([outOfRange]);
    expect(
      messagesOf(AnnouncementInputSchema, {
        description: 'Libur',
        startsAt: '0000-01-01T00:00:00Z',
      }),
    ).toEqual([outOfRange]);
  });

  it('leaves birth dates to their own rule, which refuses year 0000 too', () => {
    for (const day of ['0000-01-01', '0000-00-00', '0001-01-01']) {
      expect(messagesOf(BirthDateSchema, day), day).toEqual([ERROR_MESSAGES.invalidDate]);
    }
  });
});
