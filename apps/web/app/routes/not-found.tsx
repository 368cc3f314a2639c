import { NotFoundPage } from '~/features/not-found/not-found-page';

export default NotFoundPage;
