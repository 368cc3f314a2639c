import { ERROR_MESSAGES, readErrorMessage } from '@portal/contracts/api-error';
import type { z } from 'zod';
import { webConfig } from '~/config';

export type FieldError = { field: string; message: string };

/** A failed call, with the message a visitor should read (SPEC §8 order). */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** Seconds to wait, from `retry-after` on 429; null otherwise. */
  readonly retryAfter: number | null;
  constructor(
    status: number,
    message: string,
    fieldErrors: FieldError[],
    retryAfter: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfter = retryAfter;
  }
}

type RequestOptions = {
  /** Query parameters; never put personal data here (it would reach logs). */
  query?: Record<string, string>;
  /** The lookup token, sent as `Authorization: Bearer` (SPEC §7). */
  token?: string;
  signal?: AbortSignal;
  /** The path is this origin's own, not one under the API prefix (the sign-in provider's). */
  outsideApi?: boolean;
};

/** The URL of an API path under the product prefix, e.g. `/account-lookup/v1/lookup/ptk`. */
export function apiUrl(path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${webConfig.apiBase}${path}${search}`;
}

function fieldErrorsOf(body: unknown): FieldError[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) {
    return [];
  }
  return body.errors.filter(
    (item): item is FieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldError).field === 'string' &&
      typeof (item as FieldError).message === 'string',
  );
}

async function request<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body: unknown,
  options: RequestOptions,
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(options.outsideApi ? path : apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ERROR_MESSAGES.generic, [], null);
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fallback = response.status === 429 ? ERROR_MESSAGES.rateLimited : ERROR_MESSAGES.generic;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      readErrorMessage(parsed, fallback),
      fieldErrorsOf(parsed),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  const result = schema.safeParse(parsed);
  // A body that breaks the contract is a server fault: the visitor gets the generic message.
  if (!result.success) throw new ApiError(response.status, ERROR_MESSAGES.generic, [], null);
  return result.data;
}

/** GET a JSON body validated by the contract's schema; throws ApiError otherwise. */
export const getJson = <S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
) => request('GET', path, schema, undefined, options);

/** POST a JSON body and validate the answer with the contract's schema; throws ApiError otherwise. */
export const postJson = <S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
) => request('POST', path, schema, body ?? {}, options);
