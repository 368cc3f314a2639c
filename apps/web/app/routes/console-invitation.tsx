import { InvitationPage } from '~/features/console/invitation-page';

export default InvitationPage;
