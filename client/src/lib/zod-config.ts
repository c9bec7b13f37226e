/**
 * zod without code generation (issue 11 §4): the app's Content-Security-Policy has no
 * 'unsafe-eval', and zod's object parser would otherwise probe `new Function` once, which the
 * browser reports as a CSP violation even though zod catches it. Imported first by main.tsx, so it
 * runs before any schema is built (zod decides at schema creation).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
