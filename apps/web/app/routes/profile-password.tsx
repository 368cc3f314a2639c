import { PasswordPage } from '~/features/profile/password-page';

export default PasswordPage;
