import { ConsolePage } from '~/features/console/console-page';

export default ConsolePage;
