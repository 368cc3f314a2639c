import { ReferralCodesPage } from '~/features/console/referral-codes';

export default ReferralCodesPage;
