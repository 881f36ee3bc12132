import { sql, type AliasedRawBuilder } from 'kysely';

/** A time interval [start, end) as ISO times. */
export interface Interval {
  start: string;
  end: string;
}

/**
 * One conditional count per interval (`i0`, `i1`, …) over the time column `column`: a whole
 * chart in one query, the same SQL on both engines. Read the row back with `intervalCounts`.
 */
export function countPerInterval(
  column: string,
  intervals: readonly Interval[],
): AliasedRawBuilder<number, string>[] {
  return intervals.map(({ start, end }, index) =>
    sql<number>`count(case when ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end} then 1 end)`.as(
      `i${index}`,
    ),
  );
}

/** The counts of a row selected with `countPerInterval`, in interval order. */
export function intervalCounts(row: object, intervals: readonly Interval[]): number[] {
  const counts = row as Record<string, number | string>;
  return intervals.map((_, index) => Number(counts[`i${index}`]));
}
