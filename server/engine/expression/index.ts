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

/**
 * The variable names `text` reads (`${days > 3 && dept.id == 1}` → ['days', 'dept']): root
 * identifiers of its expressions, each once in order of appearance; member property names are not
 * variables. Plain text reads none. Throws ExpressionError on bad syntax.
 */
export function expressionVariables(text: string): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { node.forEach(walk); return; }
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; name?: string; object?: unknown; property?: unknown; computed?: boolean };
    if (n.type === 'Identifier' && typeof n.name === 'string') { names.add(n.name); return; }
    if (n.type === 'MemberExpression') { walk(n.object); if (n.computed) walk(n.property); return; }
    for (const v of Object.values(node)) if (v && typeof v === 'object') walk(v);
  };
  for (const p of compileCached(text).parts) if (typeof p !== 'string') walk(p.ast);
  return [...names];
}

/** A scope over a plain variables map (next-node probes, tests). */
export function mapScope(vars: Record<string, unknown>): ExpressionScope {
  return {
    resolve: (name) => (Object.prototype.hasOwnProperty.call(vars, name) ? { found: true, value: vars[name] } : { found: false }),
  };
}
