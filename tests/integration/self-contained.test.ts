/**
 * Issue 11 §1: the repository holds everything its tests, scripts and builds need. No source,
 * test, script or config file names a path outside the repository root: every relative path
 * literal (`'../x'`, `"./y"`) resolves inside the root, and no literal names the workplace's
 * folders beside it. (`.ci/run` proves the same end to end by running the suite from a fresh
 * clone alone in an empty folder.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIRS = ['server', 'client', 'shared', 'tests', 'scripts', 'bench', 'drizzle', '.ci'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', '.tmp', 'test-results', 'corpus']);
const SOURCE_EXT = /\.(ts|tsx|js|cjs|mjs|json)$|^run$/;
/** Literals that are not paths read from this file's folder: Vite resolves outDir from `root: 'client'`; upload names under attack. */
const NOT_ESCAPES = new Set(['vite.config.ts: ../dist/client', 'tests/integration/files.test.ts: ../../../evil.txt']);

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) { if (!SKIP_DIRS.has(e.name)) walk(path.join(dir, e.name)); }
      else if (SOURCE_EXT.test(e.name)) out.push(path.join(dir, e.name));
    }
  };
  for (const d of SOURCE_DIRS) if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  for (const f of fs.readdirSync(root)) if (/\.(ts|json|cjs|mjs)$/.test(f) && f !== 'package-lock.json') out.push(path.join(root, f));
  return out;
}

describe('the repository is self-contained', () => {
  const files = sourceFiles();

  it('finds the sources', () => expect(files.length).toBeGreaterThan(300));

  it('no relative path literal leaves the repository root', () => {
    const escapes: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(['"`])(\.\.?\/[^'"`\s$]*)\1/g)) {
        const target = path.resolve(path.dirname(file), m[2]);
        const where = `${path.relative(root, file)}: ${m[2]}`;
        if (target !== root && !target.startsWith(root + path.sep) && !NOT_ESCAPES.has(where)) escapes.push(where);
      }
    }
    expect(escapes).toEqual([]);
  });

  it('no literal names the folders beside the repository', () => {
    const hits = files.filter((f) => f !== fileURLToPath(import.meta.url))
      .filter((f) => /\/work\/shared|\.\.\/shared\/bpmn-corpus|\/work\/main/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(hits).toEqual([]);
  });
});
