import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { BadgeCredentials } from '../badges/badge-credential';
import { badgeCardsPdf } from '../badges/badge-cards-pdf';
import type { MadeBadge } from '../badges/badge-making-service';
import type { Database } from '../db/database';
import { learningAccounts, schoolMemberships } from '../db/schema';
import { NotFoundError } from '../http/domain-errors';

const BodySchema = z.object({ email: z.email() });

/**
 * A live badge for a demo student, its QR text and short code answered in clear with its card
 * as the school admin's PDF prints it: for people trying the badge sign-in and for browser
 * journeys (a camera that plays the card). A new badge ends the student's earlier one, as the
 * school admin's making does. Registered only outside production, where the registry is
 * synthetic.
 */
export const demoBadgeRoutes: FastifyPluginAsync<{
  database: Database;
  makeBadge: (accountId: number, npsn: string) => Promise<MadeBadge | null>;
  checkQr: BadgeCredentials['checkQr'];
}> = async (app, { database, makeBadge, checkQr }) => {
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
    const check = made ? await checkQr(made.qrText) : undefined;
    if (!student || !made || !check?.ok) throw new NotFoundError();
    const { name, schoolName, npsn, level } = check.holder;
    const pdf = await badgeCardsPdf(
      [{ name, schoolName, npsn, level, qrText: made.qrText, shortCode: made.shortCode }],
      `Kartu masuk ${schoolName}`,
    );
    return {
      badgeId: made.badgeId,
      npsn,
      qrText: made.qrText,
      shortCode: made.shortCode,
      pdf: pdf.toString('base64'),
    };
  });
};
