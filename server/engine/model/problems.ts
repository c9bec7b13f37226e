/**
 * Model problems: deploy throws the first one (AppError('invalid') with its text), `engine.validate`
 * collects every one it can reach (one per element and check: an element whose reading fails
 * is left out of the graph, so checks that depend on it may not run).
 */
import { AppError, invalid } from '../../core/errors';

/** One problem of a model, as `engine.validate` answers it. */
export interface ModelProblem {
  /** The element's id ('' for the whole model, e.g. unreadable XML). */
  elementId: string;
  elementName: string;
  /** The moddle type (`bpmn:ServiceTask`), '' when unknown. */
  elementType: string;
  /** The same text deploy would answer. */
  message: string;
}

/** The element a check is about. */
export interface ProblemSubject { id?: string; name?: string; type: string }

export class Problems {
  readonly list: ModelProblem[] = [];
  /** `collect`: record problems and continue (validate); otherwise throw the first (deploy). */
  constructor(readonly collect: boolean) {}

  /**
   * Runs `fn`; in collect mode an AppError it throws is recorded against `subject` and
   * `undefined` is returned (other errors always propagate).
   */
  guard<T>(subject: ProblemSubject, fn: () => T): T | undefined {
    if (!this.collect) return fn();
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.add(subject, e.message);
      return undefined;
    }
  }

  /** Records (collect mode) or throws (deploy) the problem `message` of `subject`. */
  report(subject: ProblemSubject, message: string) {
    if (!this.collect) throw invalid(message);
    this.add(subject, message);
  }

  private add(subject: ProblemSubject, message: string) {
    this.list.push({ elementId: subject.id ?? '', elementName: subject.name ?? '', elementType: subject.type, message });
  }
}

/** The moddle type of a graph node type (`userTask` → `bpmn:UserTask`). */
export function bpmnType(nodeType: string): string {
  return `bpmn:${nodeType[0].toUpperCase()}${nodeType.slice(1)}`;
}
