import { describe, expect, it } from 'vitest';
import { describeError } from './logger-options';

describe('describeError', () => {
  it('reads a plain copy of an error, as pg-boss reports one, by its fields', () => {
    const original = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const copy = { ...original, message: original.message, stack: original.stack, queue: 'x' };
    expect(describeError(copy)).toMatchObject({
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
    });
  });

  it('keeps only the codes of a database error copied the same way, never its values', () => {
    const copy = {
      message: 'duplicate key value violates unique constraint "people_nik_key"',
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (nik)=(3273014101900001) already exists.',
    };
    const described = describeError(copy);
    expect(described).toMatchObject({ type: 'DatabaseError', code: '23505' });
    expect(JSON.stringify(described)).not.toContain('3273014101900001');
  });

  it('says what anything else is', () => {
    expect(describeError('boom')).toEqual({ type: 'string', message: 'boom', stack: '' });
  });
});
