/**
 * The system domain's manifest (modules/manifest.ts): `system.*`, people and access
 * (people.router.ts: user, role, profile), organisation and settings (settings.router.ts: dept,
 * park, post, menu, dict, config, notice), and the workflow libraries RuoYi serves under
 * `/system/*` (`system.deployment`, `system.expression`, `system.listener`), which the flowable
 * domain owns and hands over (`flowableSystemRouters`, flowable/flowable.router.ts): one domain
 * per top-level key.
 */
import { router } from '../../trpc/init';
import { defineDomain } from '../manifest';
import { flowableSystemRouters } from '../flowable/flowable.router';
import { peopleRouters } from './people.router';
import { settingsRouters } from './settings.router';

export const systemDomain = defineDomain({
  name: 'system',
  routers: { system: router({ ...peopleRouters, ...settingsRouters, ...flowableSystemRouters }) },
});
