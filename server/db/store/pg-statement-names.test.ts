/**
 * server/db/store/pg-statement-names.ts: the PostgreSQL adapter names a parameterised statement by
 * its text (stable, distinct per text) and stops naming new texts past its cap (issue 44).
 */
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, statementName, statementNamer } from './pg-statement-names';

describe('statementNamer', () => {
  it('gives a text the same cs_ name every time, and different texts different names', () => {
    const name = statementNamer(10);
    const a = name('SELECT id FROM wf_task WHERE id = $1');
    expect(a).toMatch(/^cs_[0-9a-f]{24}$/);
    expect(name('SELECT id FROM wf_task WHERE id = $1')).toBe(a);
    expect(name('SELECT id FROM wf_task WHERE id = $2')).not.toBe(a);
    // Derived from the text alone: another namer (another process) agrees.
    expect(statementNamer(10)('SELECT id FROM wf_task WHERE id = $1')).toBe(a);
  });

  it('names at most `max` texts; past that a new text gets no name, the named ones keep theirs', () => {
    const name = statementNamer(2);
    const first = name('SELECT 1 WHERE $1'), second = name('SELECT 2 WHERE $1');
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(name('SELECT 3 WHERE $1')).toBeUndefined();
    expect(name('SELECT 1 WHERE $1')).toBe(first);
    expect(name('SELECT 2 WHERE $1')).toBe(second);
  });

  it('the shared namer allows MAX_NAMED_STATEMENTS texts', () => {
    expect(MAX_NAMED_STATEMENTS).toBe(500);
    expect(statementName('SELECT $1 AS shared_namer_probe')).toMatch(/^cs_/);
  });
});
