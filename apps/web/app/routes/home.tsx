import { HomePage } from '~/features/home-2025/home-page';

export default HomePage;
