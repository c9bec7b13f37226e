/**
 * Online-user shapes (reference §1 "Online users"): one row per live session.
 */
import { z } from 'zod';
import { filterText } from '../system/dept';
import { controlCharsMessage, isOneLine } from '../text';

/** `GET /monitor/online/list` filters (exact address and user name, as RuoYi). */
export const onlineListInput = z.object({ ipaddr: filterText, userName: filterText });
export type OnlineListInput = z.input<typeof onlineListInput>;

/** `POST /monitor/online/delete/{tokenId}`. */
export const tokenIdInput = z.object({ tokenId: z.string().trim().min(1, '会话编号不能为空').max(100).refine(isOneLine, controlCharsMessage('会话编号')) });

export interface OnlineUser {
  /** The session id (RuoYi's token uuid). */
  tokenId: string;
  deptName: string;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  /** `yyyy-MM-dd HH:mm:ss` */
  loginTime: string;
}
