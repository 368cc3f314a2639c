import { DeletionsPage } from '~/features/console/deletions';

export default DeletionsPage;
