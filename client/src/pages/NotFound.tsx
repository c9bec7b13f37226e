/**
 * 404 page (platform spec §2): 找不到网页, links back to the home page and one page back (返回).
 * For a signed-in user it shows inside the layout shell (routes.tsx), so an address without a
 * menu (typed in the address bar) keeps the sidebar and navbar (issue 40 §9).
 */
import { ErrorPage } from './ErrorPage';

export default function NotFound() {
  return (
    <ErrorPage
      code="404"
      codeColor="brand.solid"
      heading="找不到网页！"
      text="对不起，您正在寻找的页面不存在。尝试检查URL的错误，然后按浏览器上的刷新按钮或尝试在我们的应用程序中找到其他内容。"
      testId="page-404"
    />
  );
}
