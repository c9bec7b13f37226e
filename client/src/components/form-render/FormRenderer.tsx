/**
 * Runtime form of a stored form (reference §7 Parser; spec §3 "Form configuration", §5 "Form
 * designer" required messages). Renders the fields by layout (colFormItem / rowFormItem) and tag
 * (a detail table as DetailTableWidget), keeps the model `{__vModel__: value}`, hides the
 * components whose visibility rule fails, validates with shared/form (the server's rules: blur
 * for text inputs, change for pickers, everything on submit) and submits `{formData, valData}`
 * (valData = the visible fields only; a detail table's value is its rows). 提交 / 重置 show only
 * with `conf.formBtns && !readOnly && onSubmit` (disabled, as el-form does, when `conf.disabled`).
 * A task node's field permissions (`__config__.permission`, set by the server's task form; issue
 * 16): read-only fields and columns show disabled, hidden ones not at all, and neither is
 * validated nor part of valData (model.ts). Read-only values (a read-only or disabled form, 只读
 * fields) read as values, not as pale disabled boxes (read-only.ts); a field shows error styling
 * only once its message shows (after a blur/change check or 提交; issue 40 §8).
 */
import { Alert, Box, Button, Flex } from '@chakra-ui/react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { deepCopy, hiddenFields, isDetailTable, LAYOUT_ERROR, layoutOf, markOf, ruleTrigger, writeBack } from '../../../../shared/form';
import { Col, FormItem, Row } from './FormLayout';
import { fieldMap, fieldMessage, initialModel, modelErrors, submittedValues } from './model';
import { FORM_DEFAULTS, type FormConf, type FormField, type FormSubmit } from '../../../../shared/form/types';
import { DetailTableWidget } from './widgets/DetailTableWidget';
import { FieldWidget } from './widgets/FieldWidget';

export type { FormSubmit } from '../../../../shared/form/types';

export interface FormRendererProps {
  conf: FormConf;
  /** Shows every value disabled and no buttons. */
  readOnly?: boolean;
  /** Called by 提交 after a valid check. */
  onSubmit?: (r: FormSubmit) => void;
  testId?: string;
}

export interface FormRendererHandle {
  /** Validates (showing the field messages); the submission, or null when invalid. */
  submit(): Promise<FormSubmit | null>;
  /** Back to the values the form came with; messages cleared. */
  reset(): void;
}

/** Renders a stored form (reference §7 Parser); see FormRendererProps / FormRendererHandle. */
export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(function FormRenderer(
  { conf, readOnly = false, onSubmit, testId = 'form-renderer' },
  ref,
) {
  const confKey = useMemo(() => JSON.stringify(conf ?? null), [conf]);
  // The conf is re-read only when its content changes (callers may rebuild the object each render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo<FormConf>(() => ({ ...FORM_DEFAULTS, ...deepCopy(conf), fields: Array.isArray(conf?.fields) ? deepCopy(conf.fields) : [] }), [confKey]);
  const fields = useMemo(() => fieldMap(form), [form]);
  const [model, setModel] = useState<Record<string, unknown>>(() => initialModel(form));
  const hidden = useMemo(() => hiddenFields(form, model), [form, model]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(model);
  latest.current = model;

  useEffect(() => {
    const next = initialModel(form);
    latest.current = next;
    setModel(next);
    setErrors({});
  }, [form]);

  const checkField = useCallback(
    (key: string, model: Record<string, unknown>) => {
      const msg = fieldMessage(fields.get(key), model);
      setErrors((e) => {
        if ((e[key] ?? null) === msg) return e;
        const next = { ...e };
        if (msg) next[key] = msg;
        else delete next[key];
        return next;
      });
    },
    [fields],
  );

  const submit = useCallback(async (): Promise<FormSubmit | null> => {
    const values = latest.current;
    const all = modelErrors(form, values);
    setErrors(all);
    if (Object.keys(all).length > 0) return null;
    const valData = submittedValues(form, values);
    return { formData: writeBack(form, valData), valData: deepCopy(valData) };
  }, [form]);

  const reset = useCallback(() => {
    const next = initialModel(form);
    latest.current = next;
    setModel(next);
    setErrors({});
  }, [form]);

  useImperativeHandle(ref, () => ({ submit, reset }), [submit, reset]);

  const formDisabled = readOnly || form.disabled === true;
  const size = form.size === 'small' || form.size === 'mini' ? 'xs' : 'sm';
  const gutter = Number(form.gutter ?? FORM_DEFAULTS.gutter) || 0;
  const labelWidth = Number(form.labelWidth ?? FORM_DEFAULTS.labelWidth) || 0;
  const labelPosition = String(form.labelPosition ?? 'right');

  const renderField = (field: FormField, index: number): ReactNode => {
    const config = field.__config__ ?? {};
    const key = String(config.renderKey ?? config.formId ?? field.__vModel__ ?? index);
    if (hidden.has(field) || markOf(field) === 'hidden') return null;
    let layout: string;
    try {
      layout = layoutOf(field);
    } catch {
      return (
        <Col key={key} span={24} gutter={gutter}>
          <Alert.Root status="error" size="sm" mb="4" data-testid="form-layout-error">
            <Alert.Indicator />
            <Alert.Title>{LAYOUT_ERROR}</Alert.Title>
          </Alert.Root>
        </Col>
      );
    }
    if (layout === 'rowFormItem') {
      const children = Array.isArray(config.children) ? config.children : [];
      const rowGutter = Number(field.gutter ?? gutter) || 0;
      return (
        <Col key={key} span={Number(config.span ?? field.span ?? 24)} gutter={gutter} testId={`form-row-${config.formId ?? index}`}>
          <Row gutter={rowGutter} flex={field.type === 'flex'} justify={String(field.justify ?? 'start')} align={String(field.align ?? 'top')}>
            {children.map(renderField)}
          </Row>
        </Col>
      );
    }
    const vModel = field.__vModel__;
    const showLabel = config.showLabel !== false;
    const ownWidth = config.labelWidth ? Number(config.labelWidth) : labelWidth;
    const trigger = ruleTrigger(field);
    const table = isDetailTable(field);
    const Widget = table ? DetailTableWidget : FieldWidget;
    const locked = markOf(field) === 'readonly';
    return (
      <Col key={key} span={Number(config.span ?? form.span ?? 24)} gutter={gutter}>
        <FormItem
          label={showLabel ? config.label : undefined}
          labelWidth={showLabel ? ownWidth : 0}
          labelPosition={labelPosition}
          required={config.required === true}
          error={vModel ? errors[vModel] : undefined}
          readOnly={formDisabled || locked}
          testId={`form-item-${vModel ?? config.formId ?? index}`}
        >
          <Widget
            field={field}
            invalid={vModel ? !!errors[vModel] : false}
            value={vModel ? model[vModel] : undefined}
            size={size}
            disabled={formDisabled || field.disabled === true || locked}
            onChange={(value) => {
              if (!vModel) return;
              const next = { ...latest.current, [vModel]: value };
              latest.current = next;
              setModel(next);
              if ((trigger === 'change' && !table) || errors[vModel]) checkField(vModel, next);
            }}
            onBlur={() => {
              if (vModel && (trigger === 'blur' || table)) checkField(vModel, latest.current);
            }}
          />
        </FormItem>
      </Col>
    );
  };

  const showButtons = form.formBtns === true && !readOnly && !!onSubmit;
  return (
    <Box data-testid={testId} data-readonly={formDisabled ? '' : undefined} as="form" onSubmit={(e: FormEvent) => e.preventDefault()}>
      <Row gutter={gutter}>{form.fields.map(renderField)}</Row>
      {showButtons && (
        <Flex gap="2" pl={labelPosition === 'top' ? 0 : `${labelWidth}px`} mt="1">
          <Button
            size="sm"
            colorPalette="brand"
            disabled={formDisabled}
            data-testid="form-render-submit"
            onClick={async () => {
              const r = await submit();
              if (r) onSubmit!(r);
            }}
          >
            提交
          </Button>
          <Button size="sm" variant="outline" disabled={formDisabled} data-testid="form-render-reset" onClick={reset}>
            重置
          </Button>
        </Flex>
      )}
    </Box>
  );
});
