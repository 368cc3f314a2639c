import { describe, expect, it } from 'vitest';
import { errorSummary } from './error-summary';

describe('errorSummary', () => {
  it('keeps name, message and code, and drops the detail that quotes row values', () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint "people_nik_key"'),
      {
        code: '23505',
        detail: 'Key (nik)=(3273014101900001) already exists.',
        where: 'COPY people, line 12: "12,pd,3273014101900001,..."',
      },
    );
    const text = errorSummary(error);
    expect(text).toBe(
      'Error: duplicate key value violates unique constraint "people_nik_key" (23505)',
    );
    expect(text).not.toContain('3273014101900001');
  });
});
