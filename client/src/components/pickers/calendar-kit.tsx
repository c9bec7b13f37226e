/**
 * The Chinese calendar shared by DatePicker and DateRangePicker (issue 11 §7): Chakra UI's
 * DatePicker (Ark UI / zag) in locale zh-CN — month names 1月…12月, weekdays 日 一 … 六, the
 * header 2026年1月, Chinese labels on every button — with the views of each picker type (spec §9:
 * date and datetime pick a day, month a month, year a year). The text boxes are the pickers' own
 * (zag's input only accepts the locale's `/` separator, the spec writes `-`).
 *
 * `calendarRootProps(type, size)` → the Root props both pickers share; `toCalendarDate(parts)`
 * and `dayOf(date)` convert between DayParts and the calendar's DateValue; `<CalendarPanel type
 * footer?>` is the popup (not portalled, fixed positioning: it works inside dialogs, as
 * TreeSelect); `<CalendarTrigger>` is the 打开日历 icon button.
 */
import { DatePicker, IconButton, parseDate, type DateValue } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Icon } from '../Icon';
import { fromDayParts, isoDay, type DayParts, type PickerType } from './date-format';

export const CALENDAR_LOCALE = 'zh-CN';

const VIEW_NAME = { day: '日', month: '月', year: '年' } as const;

/** The calendar's screen-reader texts in Chinese (zag's defaults are English). */
export const ZH_TRANSLATIONS: DatePicker.RootProps['translations'] = {
  dayCell: (s) => {
    if (s.unavailable) return `不可选 ${s.valueText}`;
    if (s.firstInRange) return `开始日期 ${s.valueText}`;
    if (s.lastInRange) return `结束日期 ${s.valueText}`;
    if (s.selected) return `已选择 ${s.valueText}`;
    return s.valueText;
  },
  trigger: (open) => (open ? '关闭日历' : '打开日历'),
  viewTrigger: (view, next) => (next ? `切换到${VIEW_NAME[next]}视图` : `${VIEW_NAME[view]}视图`),
  prevTrigger: (view) => ({ day: '上个月', month: '上一年', year: '前十年' })[view],
  nextTrigger: (view) => ({ day: '下个月', month: '下一年', year: '后十年' })[view],
  presetTrigger: ([start = '', end = '']) => `选择 ${start} 至 ${end}`,
  clearTrigger: '清空',
  content: '日历',
  monthSelect: '选择月份',
  yearSelect: '选择年份',
  placeholder: () => ({ year: 'yyyy', month: 'MM', day: 'dd' }),
  weekColumnHeader: '周',
  weekNumberCell: (n) => `第${n}周`,
};

/** The browser's time zone, so 今天 in the calendar is the local day (zag's default is UTC). */
function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The calendar's day of a DayParts. */
export function toCalendarDate(p: DayParts): DateValue {
  return parseDate(isoDay(p));
}

/** DayParts of a calendar date. */
export function dayOf(d: DateValue): DayParts {
  return { year: d.year, month: d.month, day: d.day };
}

const MIN_VIEW: Record<PickerType, 'day' | 'month' | 'year'> = { date: 'day', datetime: 'day', month: 'month', year: 'year' };

/** Root props of every picker of `type`. */
export function calendarRootProps(type: PickerType, size: 'xs' | 'sm' | 'md') {
  const view = MIN_VIEW[type];
  return {
    locale: CALENDAR_LOCALE,
    timeZone: localTimeZone(),
    translations: ZH_TRANSLATIONS,
    // Weeks start on Sunday (日 一 … 六), as Element UI's calendar in RuoYi (firstDayOfWeek 7).
    startOfWeek: 0,
    minView: view,
    defaultView: view,
    size,
    lazyMount: true,
    unmountOnExit: true,
    positioning: { placement: 'bottom-start' as const, strategy: 'fixed' as const, hideWhenDetached: true },
    format: (d: DateValue) => fromDayParts(type === 'datetime' ? 'date' : type, dayOf(d)),
  };
}

/** The 打开日历 / 关闭日历 icon button of a picker. */
export function CalendarTrigger({ size }: { size: 'xs' | 'sm' | 'md' }) {
  return (
    <DatePicker.Trigger asChild>
      <IconButton variant="ghost" size={size === 'md' ? 'sm' : '2xs'} color="fg.muted" data-testid="calendar-trigger">
        <Icon name="calendar" />
      </IconButton>
    </DatePicker.Trigger>
  );
}

/** The calendar popup with the views of `type`; `footer` goes below them (the datetime time row). */
export function CalendarPanel({ type, footer }: { type: PickerType; footer?: ReactNode }) {
  const view = MIN_VIEW[type];
  return (
    <DatePicker.Positioner>
      <DatePicker.Content data-testid="calendar" minW="auto">
        {view === 'day' && (
          <DatePicker.View view="day">
            <DatePicker.Header />
            <DatePicker.DayTable />
          </DatePicker.View>
        )}
        {view !== 'year' && (
          <DatePicker.View view="month">
            <DatePicker.Header />
            <DatePicker.MonthTable />
          </DatePicker.View>
        )}
        <DatePicker.View view="year">
          <DatePicker.Header />
          <DatePicker.YearTable />
        </DatePicker.View>
        {footer}
      </DatePicker.Content>
    </DatePicker.Positioner>
  );
}
