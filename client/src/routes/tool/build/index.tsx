/**
 * 表单构建 (menu 115, component tool/build/index; also the hidden routes /tool/build/index and
 * /flowable/build/index): the form designer (workflow spec §2 "Form designer"). The query
 * `formId` (digits) opens that stored form for editing; anything else starts a new form.
 */
import { useSearchParams } from 'react-router';
import { FormDesigner } from '../../../features/form-designer/FormDesigner';

export default function FormBuildView() {
  const [params] = useSearchParams();
  const raw = params.get('formId') ?? '';
  const formId = /^\d+$/.test(raw) ? Number(raw) : undefined;
  // A new key per form id remounts the designer (fresh state) when the query changes.
  return <FormDesigner key={formId ?? 'new'} formId={formId} />;
}
