import { SignOutPage } from '~/features/sign-in/sign-out-page';

export default SignOutPage;
