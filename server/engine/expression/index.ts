/**
 * Expression API used by the runtime: evaluate a text (`${…}`, `#{…}`, mixed templates, or plain
 * text) against a scope. A single expression keeps its value's type; a mixed template yields a
 * string (null parts print as ''). Plain text is returned as-is.
 */
import { compileCached, type CompiledTemplate } from './parser';
import { evaluateAst, expressionText, toBoolean, type ExpressionScope } from './evaluator';

export { Facade, UnknownPropertyError, type ExpressionScope } from './evaluator';
export { ExpressionError, compileTemplate, hasExpression } from './parser';

export function evaluateCompiled(c: CompiledTemplate, scope: ExpressionScope): unknown {
  if (c.single) {
    const p = c.parts[0] as { ast: Parameters<typeof evaluateAst>[0]; text: string };
    return evaluateAst(p.ast, scope, p.text);
  }
  let out = '';
  for (const p of c.parts) out += typeof p === 'string' ? p : expressionText(evaluateAst(p.ast, scope, p.text));
  return out;
}

/** Evaluates `text` (see module doc). Throws ExpressionError / UnknownPropertyError. */
export function evaluate(text: string, scope: ExpressionScope): unknown {
  return evaluateCompiled(compileCached(text), scope);
}

/** Evaluates a condition (EL boolean coercion: 'true' → true). */
export function evaluateCondition(text: string, scope: ExpressionScope): boolean {
  return toBoolean(evaluate(text, scope));
}

/** Checks syntax only (deploy time); throws ExpressionError. */
export function checkSyntax(text: string): void {
  compileCached(text);
}

/** A scope over a plain variables map (next-node probes, tests). */
export function mapScope(vars: Record<string, unknown>): ExpressionScope {
  return {
    resolve: (name) => (Object.prototype.hasOwnProperty.call(vars, name) ? { found: true, value: vars[name] } : { found: false }),
  };
}
