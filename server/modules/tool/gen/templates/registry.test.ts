/**
 * Registry parse / re-emit (templates/registry.ts): the committed empty file is the emit of no
 * module; add, replace and two modules of one moduleName (one domain manifest) round-trip through
 * Prettier.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { crudSample, subSample, treeSample } from '../../../../../tests/helpers/gen-samples';
import { formatTs } from './format';
import { emitModulesRegistry, entryOf, parseRegistries, withEntry, type RegistryEntry } from './registry';

const emit = async (entries: RegistryEntry[]) => ({
  modules: await formatTs(emitModulesRegistry(entries), 'server/modules/generated.ts'),
});
const committed = {
  modules: readFileSync(new URL('../../../generated.ts', import.meta.url), 'utf8'),
};
/** `text` on one line: whitespace runs as one space, no trailing commas (Prettier wraps at its width). */
const flat = (text: string) => text.replace(/\s+/g, ' ').replace(/,\s*([)\]}])/g, ' $1');
const customer = entryOf(crudSample());
const region = entryOf(treeSample());
const order = entryOf(subSample());

describe('registry', () => {
  it('emits the committed empty registry for no module and parses them as none', async () => {
    expect(await emit([])).toEqual(committed);
    expect(parseRegistries(committed.modules)).toEqual([]);
    expect(parseRegistries(null)).toEqual([]);
  });

  it('names the router and install step of a module', () => {
    expect(customer).toEqual({
      key: 'biz.customer', moduleName: 'biz', businessName: 'customer',
      router: { name: 'customerRouter', alias: 'bizCustomerRouter', from: './biz/customer/customer.router' },
      install: { name: 'customerInstall', alias: 'bizCustomerInstall', from: './biz/customer/customer.install' },
    });
  });

  it('adds a module and reads it back', async () => {
    const one = await emit(withEntry(parseRegistries(committed.modules), customer));
    expect(parseRegistries(one.modules)).toEqual([customer]);
    expect(one.modules).toContain("import { customerRouter as bizCustomerRouter } from './biz/customer/customer.router'; // gen:biz.customer");
    expect(flat(one.modules)).toContain(
      "export const generatedDomains = [ defineDomain({ name: 'biz', routers: { biz: router({ customer: bizCustomerRouter }) }, installs: [bizCustomerInstall] }) ] as const;",
    );
    expect(one.modules).toContain("import { router } from '../trpc/init';");
    expect(one.modules).toContain("import { defineDomain } from './manifest';");
  });

  it('nests two businesses of one module, sorted, whatever the order they came in', async () => {
    const a = await emit(withEntry(withEntry([], region), customer));
    const b = await emit(withEntry(withEntry([], customer), region));
    expect(a).toEqual(b);
    expect(flat(a.modules)).toContain(
      "defineDomain({ name: 'biz', routers: { biz: router({ customer: bizCustomerRouter, region: bizRegionRouter }) }, installs: [bizCustomerInstall, bizRegionInstall] })",
    );
    expect(parseRegistries(a.modules).map((e) => e.key)).toEqual(['biz.customer', 'biz.region']);
  });

  it('keeps modules apart by module name', async () => {
    const crm = entryOf({ ...crudSample(), moduleName: 'crm', packageName: 'modules.crm' });
    const text = await emit([customer, crm]);
    expect(flat(text.modules)).toContain(
      "export const generatedDomains = [ defineDomain({ name: 'biz', routers: { biz: router({ customer: bizCustomerRouter }) }, installs: [bizCustomerInstall] }), "
      + "defineDomain({ name: 'crm', routers: { crm: router({ customer: crmCustomerRouter }) }, installs: [crmCustomerInstall] }) ] as const;",
    );
    expect(parseRegistries(text.modules)).toEqual([customer, crm]);
  });

  it('replaces a module of the same key instead of listing it twice', async () => {
    const three = await emit([customer, order, region]);
    const moved = entryOf({ ...subSample(), packageName: 'modules.sales' });
    const again = await emit(withEntry(parseRegistries(three.modules), moved));
    const parsed = parseRegistries(again.modules);
    expect(parsed.map((e) => e.key)).toEqual(['biz.customer', 'biz.order', 'biz.region']);
    expect(parsed[1].router.from).toBe('./sales/order/order.router');
    expect(again.modules.match(/gen:biz\.order/g)).toHaveLength(2);
  });

  it('re-emits the same text from its own output (a fixed point)', async () => {
    const text = await emit([customer, order, region]);
    expect(await emit(parseRegistries(text.modules))).toEqual(text);
  });

  it('refuses a registry whose module lacks its install step', async () => {
    const text = await emit([customer]);
    const noInstall = text.modules.replace(/^import \{ customerInstall.*\n/m, '');
    expect(() => parseRegistries(noInstall)).toThrow('生成模块登记不完整: biz.customer');
  });
});
