import { table, type ParityCase } from '../../helpers/parity';

export const systemPeopleCases: Record<string, ParityCase> = {
  'GET /system/user/list': {
    url: '/system/user/list?pageNum=1&pageSize=5&deptId=101',
    trpc: (c) => c.system.user.list({ pageNum: 1, pageSize: 5, deptId: 101 }), pick: table,
  },
};
