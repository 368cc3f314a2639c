import type { Config } from '@react-router/dev/config';
import { WEB_ROUTES } from '@portal/contracts/web-routes';

export default {
  appDirectory: 'app',
  ssr: false,
  prerender: WEB_ROUTES.filter((route) => route.prerender).map((route) => route.path),
} satisfies Config;
