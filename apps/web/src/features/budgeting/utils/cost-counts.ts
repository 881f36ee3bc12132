import { countLabel, type ImportBatch } from '@staff-admin/shared';

/** What the costs screens count: "1 cost", "12 costs". */
export const COST_NAMES = ['cost', 'costs'] as const;

export const costsCount = (count: number): string => countLabel(count, COST_NAMES);

/** Undo import's question, in the Imports tab and at the end of the import wizard. */
export const undoImportQuestion = ({ rowCount, fileName }: ImportBatch): string =>
  `Remove the ${costsCount(rowCount)} imported from ${fileName}?`;
