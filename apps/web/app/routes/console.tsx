import { ConsoleLayout } from '~/features/console/console-layout';

export default ConsoleLayout;
