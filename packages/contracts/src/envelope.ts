import { z } from 'zod';

/**
 * Wraps a payload the way SPEC §7 reads every success: `response.data.data` (axios's `data`,
 * then the body's). Errors have their own body (api-error.ts).
 */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
