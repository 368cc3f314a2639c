import type { Db } from '../db/database';
import { demoIdentities } from './demo-identities';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, demoSignInAccounts } from './demo-passwords';

/** What a person trying the portal (or a browser journey) signs in and looks up with. */
export function createDemoIdentitiesService(deps: {
  db: Db;
  productName: string;
  staffDomain: string;
}) {
  return {
    /** The demo identities, the sign-in accounts with their passwords, the referral code. */
    async accountsToTry() {
      const identities = await demoIdentities(deps.db, deps.productName);
      const signIn = (
        await demoSignInAccounts(deps.db, {
          identities,
          productName: deps.productName,
          staffDomain: deps.staffDomain,
        })
      ).map(({ role, email, password }) => ({ role, email, password }));
      return { password: DEMO_PASSWORD, identities, signIn, referralCode: DEMO_REFERRAL_CODE };
    },
  };
}
export type DemoIdentitiesService = ReturnType<typeof createDemoIdentitiesService>;
