import { SessionsPage } from '~/features/profile/sessions-page';

export default SessionsPage;
