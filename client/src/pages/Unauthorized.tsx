/**
 * 401 page (platform spec §2, §8): no access permission; buttons 返回首页 and 返回 (one page back).
 * Shown inside the layout shell for a signed-in user (routes.tsx, issue 40 §9).
 */
import { ErrorPage } from './ErrorPage';

export default function Unauthorized() {
  return <ErrorPage code="401" codeColor="orange.400" heading="401错误!" text="对不起，您没有访问权限，请不要进行非法操作！" testId="page-401" />;
}
