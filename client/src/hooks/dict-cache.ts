/**
 * Per-type dictionary cache of the client (platform spec §4 "Dictionary form": a type's cache is
 * dropped after an add or update of its data; §8: a reply with no data gives a console warning
 * and an empty list). RuoYi's utils/dict + store/modules/dict, pure: the fetcher is injected.
 *
 * - `load(type)` answers the cached options or fetches once (concurrent loads share the request).
 * - `drop(type)` forgets a type; a reply still in flight for it is not stored. Subscribers are
 *   told so mounted `useDict` hooks reload.
 * - Options carry RuoYi's names: `{label, value, elTagType (listClass), elTagClass (cssClass), raw}`.
 */

/** One entry as `GET /system/dict/data/type/{type}` answers it (only the read fields). */
export interface DictEntryLike {
  dictLabel: string;
  dictValue: string;
  listClass?: string | null;
  cssClass?: string | null;
  [key: string]: unknown;
}

export interface DictOption {
  label: string;
  value: string;
  /** listClass: default | primary | success | info | warning | danger ('' = plain text). */
  elTagType: string;
  /** cssClass (extra class names of the tag). */
  elTagClass: string;
  raw: DictEntryLike;
}

/** Entries → options. */
export function toDictOptions(entries: DictEntryLike[]): DictOption[] {
  return entries.map((e) => ({
    label: e.dictLabel,
    value: e.dictValue,
    elTagType: e.listClass ?? '',
    elTagClass: e.cssClass ?? '',
    raw: e,
  }));
}

export type DictFetcher = (type: string) => Promise<DictEntryLike[] | null | undefined>;

export interface DictCache {
  /** Cached options of `type`, or undefined when not loaded. */
  get(type: string): DictOption[] | undefined;
  /** Options of `type` from the cache, else fetched (errors reject and leave nothing cached). */
  load(type: string): Promise<DictOption[]>;
  /** Forgets `type` (spec §4); the next `load` fetches again. */
  drop(type: string): void;
  /** Forgets every type. */
  clear(): void;
  /** Changes counter: bumps on every store and drop (for useSyncExternalStore). */
  version(): number;
  subscribe(listener: () => void): () => void;
}

/** Creates a cache over `fetcher`; `warn` receives the empty-reply warning. */
export function createDictCache(fetcher: DictFetcher, warn: (msg: string) => void = console.warn): DictCache {
  const data = new Map<string, DictOption[]>();
  const pending = new Map<string, { gen: number; promise: Promise<DictOption[]> }>();
  const generation = new Map<string, number>();
  const listeners = new Set<() => void>();
  let ver = 0;
  const notify = () => {
    ver++;
    listeners.forEach((l) => l());
  };
  const genOf = (type: string) => generation.get(type) ?? 0;

  return {
    get: (type) => data.get(type),
    load(type) {
      const hit = data.get(type);
      if (hit) return Promise.resolve(hit);
      const running = pending.get(type);
      if (running && running.gen === genOf(type)) return running.promise;
      const gen = genOf(type);
      const promise = fetcher(type)
        .then((entries) => {
          if (!entries || entries.length === 0) warn(`字典 ${type} 没有数据`);
          const options = toDictOptions(entries ?? []);
          if (genOf(type) === gen) {
            data.set(type, options);
            notify();
          }
          return options;
        })
        .finally(() => {
          if (pending.get(type)?.promise === promise) pending.delete(type);
        });
      pending.set(type, { gen, promise });
      return promise;
    },
    drop(type) {
      generation.set(type, genOf(type) + 1);
      data.delete(type);
      pending.delete(type);
      notify();
    },
    clear() {
      for (const type of new Set([...data.keys(), ...pending.keys()])) generation.set(type, genOf(type) + 1);
      data.clear();
      pending.clear();
      notify();
    },
    version: () => ver,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** RuoYi selectDictLabel: the label of `value`, else the value itself ('' for empty). */
export function selectDictLabel(options: DictOption[], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const hit = options.find((o) => o.value === String(value));
  return hit ? hit.label : String(value);
}

/** RuoYi selectDictLabels: labels of a `separator`-joined (default ',') list of values, same separator. */
export function selectDictLabels(options: DictOption[], value: unknown, separator = ','): string {
  if (value === undefined || value === null || value === '') return '';
  const values = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return values.map((v) => selectDictLabel(options, v)).join(separator);
}

/** Values of a DictTag/label input: arrays, numbers and comma-joined strings → trimmed strings. */
export function dictValues(value: unknown, separator = ','): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return list.map((v) => v.trim()).filter((v) => v !== '');
}
