import '@mantine/dates/styles.css';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { TIME_ZONE_LABEL } from '@flagship/ui';

export const CALENDAR_LABELS = {
  monthLevelControl: '选择月份',
  yearLevelControl: '选择年份',
  nextMonth: '下个月',
  previousMonth: '上个月',
  nextYear: '下一年',
  previousYear: '上一年',
  nextDecade: '后十年',
  previousDecade: '前十年',
};

/**
 * Date and time in Beijing time: the value is the wall time (`YYYY-MM-DD HH:mm:ss`), converted
 * to and from the API's offset timestamps by lib/format (toShanghaiWallTime / fromShanghaiWallTime).
 */
export function BeijingDateTimePicker(props: DateTimePickerProps) {
  return (
    <DateTimePicker
      valueFormat="YYYY-MM-DD HH:mm"
      placeholder="选择日期和时间"
      description={TIME_ZONE_LABEL}
      clearable
      ariaLabels={CALENDAR_LABELS}
      timePickerProps={{ hoursInputLabel: '时', minutesInputLabel: '分' }}
      submitButtonProps={{ 'aria-label': '确定' }}
      {...props}
    />
  );
}
