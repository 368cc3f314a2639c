import { NewPasswordPage } from '~/features/password-reset/new-password-page';

export default NewPasswordPage;
