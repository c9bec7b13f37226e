/**
 * The Chinese handler names the screens show (shared/bpmn/handler-labels.ts, issue 40 §9) cover
 * every handler the server registers, and the built-in listeners' library names are the same.
 */
import { describe, expect, it } from 'vitest';
import { HANDLER_LABELS, handlerLabel, handlerText } from '../../../../shared/bpmn/handler-labels';
import { BUILTIN_LISTENERS, LEGACY_LISTENER_ALIASES } from './builtin-listeners';
import { SERVICE_NAMES } from './handlers';

describe('handler labels', () => {
  it('names every registered service and listener, and nothing else', () => {
    const registered = [...SERVICE_NAMES, ...BUILTIN_LISTENERS.map((l) => l.value), ...Object.keys(LEGACY_LISTENER_ALIASES)];
    expect(Object.keys(HANDLER_LABELS).sort()).toEqual([...registered].sort());
  });

  it('gives a built-in listener its library name, and an alias the name of the listener it stands for', () => {
    for (const l of BUILTIN_LISTENERS) expect(handlerLabel(l.value)).toBe(l.name);
    for (const [alias, target] of Object.entries(LEGACY_LISTENER_ALIASES)) expect(handlerLabel(alias)).toBe(handlerLabel(target));
  });

  it('writes name and id for a registered handler, the id alone otherwise', () => {
    expect(handlerText('caishui.service.setVariables')).toBe('设置流程变量（caishui.service.setVariables）');
    expect(handlerText(' caishui.service.log ')).toBe('写入流程日志（caishui.service.log）');
    expect(handlerText('my.Unknown')).toBe('my.Unknown');
    expect(handlerText('toString')).toBe('toString');
    expect(handlerText(undefined)).toBe('');
    expect(handlerLabel('__proto__')).toBeNull();
  });
});
