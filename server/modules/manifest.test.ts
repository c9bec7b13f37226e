/**
 * The domain manifests' merges (manifest.ts): routers by top-level key in the list's order, a key
 * two domains claim refused; installs and seed listeners concatenated; engine handlers as one
 * domain builds them, or merged by name with a name registered twice refused.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import type { Store } from '../db/store/port';
import { router } from '../trpc/init';
import { publicProcedure } from '../trpc/procedures';
import { domains } from '.';
import { generatedDomains } from './generated';
import { defineDomain, engineHandlersOf, type DomainManifest, installsOf, routersOf, seedListenersOf } from './manifest';
import type { ModuleInstall } from './tool/gen/module-install';

const ping = router({ ping: publicProcedure.query(() => 'pong') });
const install = (key: string): ModuleInstall => ({ key, ddl: [], menu: { menuName: key, parentId: 3, orderNum: 1, path: key, component: `${key}/index`, perms: `${key}:list`, icon: '#', buttons: [] } });
const store = {} as Store<Db>;
const BUILT_IN = ['auth', 'home', 'system', 'monitor', 'common', 'flowable', 'tool'];

describe('domain manifests', () => {
  it('lists the built-in domains in the app router order, then the generated ones, each under its own key', () => {
    const names = [...BUILT_IN, ...(generatedDomains as readonly DomainManifest[]).map((d) => d.name)];
    expect(domains.map((d) => d.name)).toEqual(names);
    expect(Object.keys(routersOf(domains))).toEqual(names);
  });

  it('merges routers in order and refuses a key claimed twice', () => {
    const a = defineDomain({ name: 'a', routers: { a: ping } });
    const b = defineDomain({ name: 'b', routers: { b: ping, c: ping } });
    expect(Object.keys(routersOf([a, b]))).toEqual(['a', 'b', 'c']);
    expect(() => routersOf([a, b, defineDomain({ name: 'd', routers: { c: ping } })])).toThrow('路由键重复: c（b 与 d）');
  });

  it('concatenates install steps and seed listeners in the list order', () => {
    const listener = { name: 'x', type: '1', eventType: 'create', valueType: 'classListener', value: 'x', remark: '' };
    const list = [defineDomain({ name: 'a', routers: {}, installs: [install('a.one')] }), defineDomain({ name: 'b', routers: {}, installs: [install('b.two')], listeners: [listener] })];
    expect(installsOf(list).map((i) => i.key)).toEqual(['a.one', 'b.two']);
    expect(seedListenersOf(list)).toEqual([listener]);
  });

  it('hands the engine one domain\'s handlers as built, and merges several by name', () => {
    const one = { services: { s: () => 1 } };
    expect(engineHandlersOf([defineDomain({ name: 'a', routers: {}, engineHandlers: () => one })], store)).toBe(one);
    expect(engineHandlersOf([defineDomain({ name: 'a', routers: {} })], store)).toEqual({});
    const users = () => ['1'];
    const merged = engineHandlersOf([
      defineDomain({ name: 'a', routers: {}, engineHandlers: () => ({ services: { s: () => 1 }, usersOfGroups: users }) }),
      defineDomain({ name: 'b', routers: {}, engineHandlers: () => ({ services: { t: () => 2 }, listeners: { l: () => undefined } }) }),
    ], store);
    expect(Object.keys(merged.services ?? {})).toEqual(['s', 't']);
    expect(Object.keys(merged.listeners ?? {})).toEqual(['l']);
    expect(merged.usersOfGroups).toBe(users);
    expect(() => engineHandlersOf([
      defineDomain({ name: 'a', routers: {}, engineHandlers: () => ({ services: { s: () => 1 } }) }),
      defineDomain({ name: 'b', routers: {}, engineHandlers: () => ({ services: { s: () => 2 } }) }),
    ], store)).toThrow('流程处理器重复注册: services.s');
  });
});
