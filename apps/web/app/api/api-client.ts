import {
  ERROR_MESSAGES,
  readErrorFacts,
  readErrorMessage,
  type ErrorFacts,
  type ErrorId,
} from '@portal/contracts/api-error';
import type { z } from 'zod';
import { webConfig } from '~/config';
import { i18n, isLanguage } from '~/i18n/i18n';

export type FieldError = { field: string; message: string };

/**
 * A failed call: the message a visitor should read (SPEC §8 order), and beside it what went
 * wrong for the code to act on: the error's id and numbers (decision 0218).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** Null when the answer named none (or one this web does not know). */
  readonly id: ErrorId | null;
  /** Wrong entries left on a one-time code; null when the error is not about one. */
  readonly attemptsLeft: number | null;
  /** Seconds to wait on 429, from the body or `retry-after`; null otherwise. */
  readonly retryAfter: number | null;
  constructor(
    status: number,
    message: string,
    fieldErrors: FieldError[] = [],
    facts: Partial<ErrorFacts> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.id = facts.id ?? null;
    this.attemptsLeft = facts.attemptsLeft ?? null;
    this.retryAfter = facts.retryAfter ?? null;
  }

  /**
   * A field's message as the web shows it: the error's own message carries its id and numbers;
   * another is a text of the contracts' schemas.
   */
  fieldMessage(item: FieldError): FieldError | this {
    return item.message === this.message ? this : item;
  }
}

/** The web's own failure (no answer, or one that breaks the contract): the generic message. */
const failed = (status: number) =>
  new ApiError(status, ERROR_MESSAGES.generic, [], { id: 'internal' });

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

/** Sends the call; a failed answer becomes an ApiError with the server's message and facts. */
async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<Response> {
  // The language the visitor reads the site in: the mails the call causes are written in it
  // (decision 0252). Without it the browser's own list would speak for the visitor.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': isLanguage(i18n.language) ? i18n.language : 'id',
  };
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
    throw failed(0);
  }
  if (response.ok) return response;
  const parsed: unknown = await response.json().catch(() => null);
  const limited = response.status === 429;
  const fallback = limited ? ERROR_MESSAGES.rateLimited : ERROR_MESSAGES.generic;
  const message = readErrorMessage(parsed, fallback);
  const facts = readErrorFacts(parsed);
  const header = Number(response.headers.get('retry-after'));
  throw new ApiError(response.status, message, fieldErrorsOf(parsed), {
    // A body without our text (a proxy's page) gets the id of the text it falls back to.
    id: facts.id ?? (message === fallback ? (limited ? 'rate_limited' : 'internal') : null),
    attemptsLeft: facts.attemptsLeft,
    retryAfter:
      facts.retryAfter ?? (Number.isFinite(header) && header > 0 ? Math.ceil(header) : null),
  });
}

async function request<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  schema: S,
  body: unknown,
  options: RequestOptions,
): Promise<z.output<S>> {
  const response = await send(method, path, body, options);
  const parsed: unknown = await response.json().catch(() => null);
  const result = schema.safeParse(parsed);
  // A body that breaks the contract is a server fault: the visitor gets the generic message.
  if (!result.success) throw failed(response.status);
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

/** PUT a JSON body and validate the answer with the contract's schema; throws ApiError otherwise. */
export const putJson = <S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
) => request('PUT', path, schema, body, options);

/** DELETE a resource; the answer (204, no body) carries nothing to validate. */
export const deleteResource = async (path: string, options: RequestOptions = {}) => {
  await send('DELETE', path, undefined, options);
};

/** A file's contents and the name the server gave it (`content-disposition`), if any. */
async function fileOf(response: Response): Promise<{ blob: Blob; fileName: string | null }> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** GET a file the server keeps (an office's letter): its contents and its file name. */
export const getFile = (path: string, options: RequestOptions = {}) =>
  send('GET', path, undefined, options).then(fileOf);

/** POST without a body for a file the server makes (a CSV): its contents and its file name. */
export const postForFile = (path: string, options: RequestOptions = {}) =>
  send('POST', path, undefined, options).then(fileOf);
