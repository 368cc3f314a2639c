import { ApiErrorBodySchema } from '@portal/contracts/api-error';

/** The OpenAPI responses of a route's error statuses: each answers the error body of SPEC §8. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorBodySchema])) as Record<
    S,
    typeof ApiErrorBodySchema
  >;
