/**
 * System routers for organisation and settings: depts, parks, posts, menus, dictionaries, config,
 * notices (platform spec §7 Menus, Dictionaries, Configuration; api-contract "System"; issue 41 §5).
 */
import { deptRouter } from './dept/dept.router';
import { parkRouter } from './park/park.router';
import { postRouter } from './post/post.router';
import { menuRouter } from './menu/menu.router';
import { dictRouter } from './dict/dict.router';
import { configRouter } from './config/config.router';
import { noticeRouter } from './notice/notice.router';

export const settingsRouters = {
  dept: deptRouter,
  park: parkRouter,
  post: postRouter,
  menu: menuRouter,
  dict: dictRouter,
  config: configRouter,
  notice: noticeRouter,
};
