import { ApiError } from '~/api/api-client';

/** A follow-up answered 401: the lookup token (15 minutes, decision 0015) has ended. */
export const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;
