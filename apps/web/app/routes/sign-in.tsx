import { SignInPage } from '~/features/sign-in/sign-in-page';

export default SignInPage;
