// Operator content: home page, marquee and notices per language, and the operator's mall
// order calls.
import type { ServerArea } from '../area.ts';
import { adminContentRoutes } from './adminRoutes.ts';
import { commonRoutes } from './commonRoutes.ts';
import { noticeRoutes } from './noticeRoutes.ts';
import { contentRoutes } from './routes.ts';

export const contentArea: ServerArea = {
  name: 'content',
  routes: [...commonRoutes, ...contentRoutes, ...noticeRoutes, ...adminContentRoutes],
};
