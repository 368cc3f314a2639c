import { ResetCodePage } from '~/features/password-reset/reset-code-page';

export default ResetCodePage;
