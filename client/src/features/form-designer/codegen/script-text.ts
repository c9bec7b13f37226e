/**
 * The run drawer's script text (spec §5 "Form designer" script content): `export default` and the
 * form as indented JSON. Kept apart from script.ts so the JS parser loads only when a script is read.
 */
import type { FormConf } from '../../../components/form-render';

/** The text `export default <conf as indented JSON>` shown in the 脚本 tab. */
export function formScript(conf: FormConf): string {
  return `export default ${JSON.stringify(conf, null, 2)}`;
}
