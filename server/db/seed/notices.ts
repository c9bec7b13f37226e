/**
 * Demo notices of a fresh database (issue 41 §5; reference/ruoyi-flowable.md §3 "Seed data":
 * RuoYi `sql/ry_20240629.sql` seeds notices 1 and 2, content '新版本内容' / '维护内容', remark 管理员).
 * Only `seedDatabase`'s first run inserts them: an older database gets no demo rows (seed step 4
 * adds menus only).
 */
import { sysNotice } from '../schema';
import { SEED_CREATE_BY, type SeedTx } from './types';

/** Inserts RuoYi's two demo notices (ids 1 and 2, status 0 正常; ON CONFLICT DO NOTHING). */
export async function seedNotices(tx: SeedTx, now: string): Promise<void> {
  const base = { status: '0', createBy: SEED_CREATE_BY, createTime: now, remark: '管理员' };
  await tx.insert(sysNotice).values([
    { ...base, noticeId: 1, noticeTitle: '温馨提醒：2018-07-01 若依新版本发布啦', noticeType: '2', noticeContent: '新版本内容' },
    { ...base, noticeId: 2, noticeTitle: '维护通知：2018-07-01 若依系统凌晨维护', noticeType: '1', noticeContent: '维护内容' },
  ]).onConflictDoNothing();
}
