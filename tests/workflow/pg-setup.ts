/**
 * Setup file of the `workflow-pg` vitest project (vitest.config.ts): after each test file, close
 * the PostgreSQL stores its engines opened (tests/workflow/helpers.ts makeEngine), so their pooled
 * connections do not pile up on the run's cluster.
 */
import { afterAll } from 'vitest';
import { closeEngineStores } from './helpers';

afterAll(closeEngineStores);
