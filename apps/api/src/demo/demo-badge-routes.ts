import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { MadeBadge } from '../badges/badge-making-service';
import type { Database } from '../db/database';
import { learningAccounts, schoolMemberships } from '../db/schema';
import { NotFoundError } from '../http/domain-errors';

const BodySchema = z.object({ email: z.email() });

/**
 * A live badge for a demo student, its QR text and short code answered in clear: what a
 * printed card holds, for people trying the badge sign-in and for browser journeys (a camera
 * that plays the card). A new badge ends the student's earlier one, as the school admin's
 * making does. Registered only outside production, where the registry is synthetic.
 */
export const demoBadgeRoutes: FastifyPluginAsync<{
  database: Database;
  makeBadge: (accountId: number, npsn: string) => Promise<MadeBadge | null>;
}> = async (app, { database, makeBadge }) => {
  declareAccess(app, publicAccess);
  app.post('/dev/demo-badge', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { email } = BodySchema.parse(request.body);
    const [student] = await database.db
      .select({ accountId: learningAccounts.id, npsn: schoolMemberships.npsn })
      .from(learningAccounts)
      .innerJoin(schoolMemberships, eq(schoolMemberships.personId, learningAccounts.personId))
      .where(and(eq(learningAccounts.email, email), isNull(schoolMemberships.leftOn)))
      .limit(1);
    const made = student ? await makeBadge(student.accountId, student.npsn) : null;
    if (!student || !made) throw new NotFoundError();
    return {
      badgeId: made.badgeId,
      npsn: student.npsn,
      qrText: made.qrText,
      shortCode: made.shortCode,
    };
  });
};
