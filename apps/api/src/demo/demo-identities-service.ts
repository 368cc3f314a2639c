import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import { ensureDemoClasses } from './demo-badges';
import { demoIdentities } from './demo-identities';
import {
  DEMO_PASSWORD,
  DEMO_REFERRAL_CODE,
  demoSignInAccounts,
  ensureDemoPasswords,
  ensureDemoReferralCode,
  ensureDemoSignInAccounts,
} from './demo-passwords';

/** What a person trying the portal (or a browser journey) signs in and looks up with. */
export function createDemoIdentitiesService(deps: {
  db: Db;
  hasher: PasswordHasher;
  productName: string;
  staffDomain: string;
}) {
  const { db, hasher, productName, staffDomain } = deps;
  return {
    /** The people of the demo registry to type into the account lookup. */
    identities: () => demoIdentities(db, productName),
    /**
     * Makes the demo registry ready to try, where it is not yet: the identities' passwords, the
     * sign-in accounts, the referral code and the demo school's classes. Answers what to print.
     */
    async prepare() {
      const identities = await demoIdentities(db, productName);
      await ensureDemoPasswords(db, identities, hasher);
      const signInAccounts = await ensureDemoSignInAccounts(db, {
        identities,
        hasher,
        productName,
        staffDomain,
      });
      const referralCode = await ensureDemoReferralCode(db);
      const badgeSchool = await ensureDemoClasses(db, identities);
      return { identities, signInAccounts, referralCode, badgeSchool };
    },
    /** The demo identities, the sign-in accounts with their passwords, the referral code. */
    async accountsToTry() {
      const identities = await demoIdentities(db, productName);
      const signIn = (await demoSignInAccounts(db, { identities, productName, staffDomain })).map(
        ({ role, email, password }) => ({ role, email, password }),
      );
      return { password: DEMO_PASSWORD, identities, signIn, referralCode: DEMO_REFERRAL_CODE };
    },
  };
}
export type DemoIdentitiesService = ReturnType<typeof createDemoIdentitiesService>;
