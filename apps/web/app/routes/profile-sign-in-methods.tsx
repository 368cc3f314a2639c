import { SignInMethodsPage } from '~/features/profile/sign-in-methods/sign-in-methods-page';

export default SignInMethodsPage;
