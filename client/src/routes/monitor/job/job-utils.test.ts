import { describe, expect, it } from 'vitest';
import { parseQuartzCron } from '../../../../../server/modules/monitor/job/cron';
import { addDateRange } from '../../../../../shared/utils/date';
import { CRON_PRESETS, filterInput, logStatusOptions, NEW_JOB, validateJob } from './job-utils';

describe('job screen helpers', () => {
  it('offers only cron presets the server accepts', () => {
    for (const p of CRON_PRESETS) expect(parseQuartzCron(p.value).ok, p.value).toBe(true);
  });

  it('checks the required fields with RuoYi messages', () => {
    expect(validateJob(NEW_JOB)).toEqual({
      jobName: '任务名称不能为空',
      invokeTarget: '调用目标字符串不能为空',
      cronExpression: 'cron执行表达式不能为空',
    });
    expect(validateJob({ ...NEW_JOB, jobName: 'a', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/1 * * * * ?' })).toEqual({});
  });

  it('drops blank filters and sends the date range as params', () => {
    expect(filterInput({ jobName: '  ', jobGroup: '', status: '' })).toEqual({ jobName: undefined, jobGroup: undefined, status: undefined });
    expect(addDateRange(filterInput({ jobName: ' x ', jobGroup: 'DEFAULT', status: '1' }), ['2026-01-01', '2026-01-31'])).toEqual({
      jobName: 'x', jobGroup: 'DEFAULT', status: '1', params: { beginTime: '2026-01-01', endTime: '2026-01-31' },
    });
  });

  it('labels log status 0 成功 / 1 失败, the words of the status filter (sys_common_status), whatever the dictionary says', () => {
    const dict = [{ value: '0', label: '正常', elTagType: 'primary', elTagClass: '', raw: { dictLabel: '正常', dictValue: '0' } }];
    const opts = logStatusOptions(dict);
    expect(opts.map((o) => [o.value, o.label, o.elTagType])).toEqual([['0', '成功', 'primary'], ['1', '失败', 'danger']]);
  });
});
