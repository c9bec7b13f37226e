/**
 * V8 flags of the single binary (issue 15: RSS after 10,000 mixed requests < 150 MB). Imported
 * first by server/sea/entry.ts, so it runs before any other module of the bundle is evaluated.
 *
 * - `--optimize-for-size`: the young generation stays small instead of growing to two 16 MB
 *   semi-spaces, and the old generation grows in smaller steps, so a full GC comes before garbage
 *   piles up. bench:http, binary after 10,000 mixed requests: 168–170 MB without it, 120–142 MB
 *   with it (the young generation still grew to 16 MB in some runs).
 * - `--semi-space-growth-factor=1`: keeps the young generation at the size it has; with the flag
 *   above, 123–125 MB in every run (alone it changes nothing: 168 MB).
 *
 * Set with `v8.setFlagsFromString` because Node 20's SEA config has no `execArgv` (tried: the
 * field is ignored), and V8 reads these flags whenever it resizes the heap, not only at start
 * (`--max-semi-space-size` is read at start only: set here it has no effect). NODE_OPTIONS still
 * applies on top.
 */
import v8 from 'node:v8';

export const SEA_V8_FLAGS = ['--optimize-for-size', '--semi-space-growth-factor=1'];

for (const flag of SEA_V8_FLAGS) v8.setFlagsFromString(flag);
