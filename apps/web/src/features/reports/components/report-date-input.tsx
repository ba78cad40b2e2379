import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';

/** A typed or picked day (YYYY-MM-DD), shown as "1 Mar 2026". Its own chunk: only a custom range or a past date needs it. */
export default function ReportDateInput(props: Omit<DateInputProps, 'valueFormat'>) {
  const label = typeof props.label === 'string' ? props.label : 'date';
  return <DateInput valueFormat="D MMM YYYY" clearable clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }} {...props} />;
}
