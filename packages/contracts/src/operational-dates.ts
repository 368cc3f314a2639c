import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { OPERATIONAL_DATE_MESSAGES } from './operational-dates-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { OPERATIONAL_DATE_MESSAGES } from './operational-dates-messages';

/**
 * The days the portal's own records can hold (decision 0241): a query or a schedule outside
 * them is a typing slip, and PostgreSQL has no year 0000 to answer it with.
 */
export const OPERATIONAL_DATE_RANGE = { first: '2000-01-01', last: '2100-12-31' } as const;

// Compared as text: both sides are YYYY-MM-DD (a moment's first ten characters are its day).
const inRange = (value: string) => {
  const day = value.slice(0, 10);
  return day >= OPERATIONAL_DATE_RANGE.first && day <= OPERATIONAL_DATE_RANGE.last;
};

/** A calendar day (YYYY-MM-DD) in a query or a body; a missing day is told as such. */
export const OperationalDaySchema = z.iso
  .date({
    error: (issue) =>
      issue.input === undefined ? ERROR_MESSAGES.required : ERROR_MESSAGES.invalidDate,
    // A malformed day is told as such, not also as out of range.
    abort: true,
  })
  .refine(inRange, OPERATIONAL_DATE_MESSAGES.outOfRange);

/** A moment with its offset (ISO 8601), within the same days; `error` says a malformed one. */
export const operationalMoment = (error: string) =>
  z.iso
    .datetime({ offset: true, error, abort: true })
    .refine(inRange, OPERATIONAL_DATE_MESSAGES.outOfRange);
