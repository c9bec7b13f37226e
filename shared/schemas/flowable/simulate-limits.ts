/**
 * The step limits of 流程模拟 (issue 16 "流程模拟 (dry run)"), apart from the input schema so the
 * designer's bundle can read them without the schemas' imports.
 */

/** The default and the most task completions one simulation makes. */
export const SIMULATE_DEFAULT_STEPS = 50;
export const SIMULATE_MAX_STEPS = 200;
