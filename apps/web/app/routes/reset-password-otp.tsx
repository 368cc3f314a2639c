import { ResetOtpPage } from '~/features/password-reset/reset-otp-page';

export default ResetOtpPage;
