import { PersonalEmailPage } from '~/features/profile/personal-email-page';

export default PersonalEmailPage;
