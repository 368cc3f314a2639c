import { z } from 'zod';

// Its own module: every signed-in page asks `/auth/session` first, and the schemas of
// sign-in.ts would come with it.

/** `GET /auth/session`: who is signed in at the portal, as the ID token says; null for nobody. */
export const WebSessionResponseSchema = z.object({
  data: z
    .object({
      profile: z.looseObject({
        sub: z.string(),
        name: z.string().optional(),
        email: z.string().optional(),
        roles: z.array(z.string()).optional(),
        acr: z.string().optional(),
        amr: z.array(z.string()).optional(),
        auth_time: z.number().optional(),
      }),
      expires_at: z.number(),
    })
    .nullable(),
});
