import { SignOutCallbackPage } from '~/features/sign-in/sign-out-callback-page';

export default SignOutCallbackPage;
