import { DataPage } from '~/features/profile/data-page';

export default DataPage;
