import { SignInCallbackPage } from '~/features/sign-in/sign-in-callback-page';

export default SignInCallbackPage;
