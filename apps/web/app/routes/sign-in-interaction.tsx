import { InteractionPage } from '~/features/sign-in/interaction-page';

export default InteractionPage;
