/**
 * Names for the PostgreSQL adapter's parameterised statements (./postgres.ts `query`; issue 44,
 * `npm run bench:cluster`). A named statement is parsed once per pooled connection (node-postgres
 * remembers which names each connection has prepared) and PostgreSQL keeps its plan: after five
 * runs it uses a generic plan when that costs no more than the custom ones, so most statements stop
 * being parsed and planned on every run. Sent unnamed, every statement was parsed and planned anew:
 * over the REST workflow round the planner took more time than the execution (pg_stat_statements:
 * ~3.9 ms planning against ~3.0 ms executing per workflow instance), and PostgreSQL's CPU per
 * instance fell from 13.5 to 8.6 ms (median of 6 paired rounds) once the statements were named.
 *
 * The name is derived from the text alone (`cs_` + 24 hex digits of its SHA-1), so it is the same on
 * every connection and never names two texts. At most `max` distinct texts get a name (the texts
 * with a varying number of placeholders, `IN (?, ?, …)`, are many): past it a text runs unnamed as
 * before, so a connection holds at most that many prepared statements.
 *
 * Operations: a pooler between the app and PostgreSQL in transaction mode must keep protocol-level
 * prepared statements per server connection (PgBouncer ≥ 1.21 with `max_prepared_statements` > 0;
 * session mode always does).
 */
import { createHash } from 'node:crypto';

/** Distinct texts named per process by `statementName`. */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * A namer: `name(text)` is the statement name of `text` (`cs_…`, stable for a text), or undefined
 * once `max` other texts have been named (then the text runs unnamed).
 */
export function statementNamer(max: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `cs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The process's namer (MAX_NAMED_STATEMENTS texts), shared by every PostgreSQL store. */
export const statementName = statementNamer(MAX_NAMED_STATEMENTS);
