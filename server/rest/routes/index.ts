import type { RestRoute } from '../table';
import { sessionRoutes } from './session';
import { systemPeopleRoutes } from './system-people';
import { systemSettingsRoutes } from './system-settings';
import { monitorRoutes } from './monitor';
import { jobRoutes } from './jobs';
import { commonRoutes } from './common';
import { flowableRoutes } from './flowable';
import { toolRoutes } from './tool';
import { generatedRestRoutes } from './generated';

/** Every REST row the adapter serves. */
export const restRoutes: RestRoute[] = [
  ...sessionRoutes, ...systemPeopleRoutes, ...systemSettingsRoutes, ...monitorRoutes, ...jobRoutes, ...commonRoutes, ...flowableRoutes,
  ...toolRoutes, ...generatedRestRoutes,
];
