import { format } from 'date-fns';

/** "2026-10" as "October 2026". */
export const monthLabel = (month: string) => format(new Date(`${month}-01T00:00:00`), 'LLLL yyyy');
