import { describe, expect, it } from 'vitest';
import { startConf, startVariables } from './start-utils';

const FORM = { formRef: 'elForm', formBtns: true, disabled: true, fields: [{ __config__: { label: '请假天数' }, __vModel__: 'day' }] };

describe('start screen rules (spec §4 Starting a process)', () => {
  it('makes the main form editable without its own buttons', () => {
    expect(startConf(FORM)).toMatchObject({ formBtns: false, disabled: false, fields: FORM.fields });
    expect(startConf(null)).toBeNull();
    expect(startConf({ formRef: 'x' })).toBeNull();
    expect(startConf([FORM])).toBeNull();
  });

  it('sends the form values, the read-only form copy and the recipients', () => {
    const vars = startVariables({ formData: { ...FORM, fields: FORM.fields }, valData: { day: 3 } }, { approval: '1,2' });
    expect(vars.day).toBe(3);
    expect(vars.approval).toBe('1,2');
    expect(vars.variables).toMatchObject({ disabled: true, formBtns: false });
    expect(startVariables(null, { approval: '1' })).toEqual({ approval: '1' });
    expect(startVariables(null)).toEqual({});
  });
});
