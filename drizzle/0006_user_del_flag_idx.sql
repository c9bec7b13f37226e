-- Issue 15: the user list counts live users (del_flag = 0) from this index instead of the table.
CREATE INDEX `sys_user_del_flag_idx` ON `sys_user` (`del_flag`);