// Every route of the content area (issue 10): home content, marquee, notices, mall orders
// and their operator calls, as one list for routes/index.ts.
import type { Route } from '../http/route.ts';
import { adminContentRoutes } from './adminContent.ts';
import { commonRoutes } from './common.ts';
import { contentRoutes } from './content.ts';
import { machineRoutes } from './machine.ts';
import { noticeRoutes } from './notice.ts';

export const contentAreaRoutes: readonly Route[] = [
  ...commonRoutes,
  ...contentRoutes,
  ...noticeRoutes,
  ...machineRoutes,
  ...adminContentRoutes,
];
