import { percentUsed, scaleMinor, type Money, type Project } from '@staff-admin/shared';
import type { ProjectRow } from './projects.repository.js';

const DAY_MS = 86_400_000;

/** Days from one calendar day (YYYY-MM-DD) to another, both counted. */
const daysInclusive = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/**
 * The cost at the end date if spending goes on at its pace so far: a straight line through the
 * start date and today. Null without an end date or before the start (and for a line past what a
 * JSON number holds exactly); the cost itself once the end date has passed.
 */
export function forecastMinor(
  project: Pick<ProjectRow, 'startDate' | 'endDate' | 'actualMinor'>,
  today: string,
): number | null {
  if (!project.endDate || today < project.startDate) return null;
  if (today >= project.endDate) return project.actualMinor;
  const forecast = scaleMinor(
    project.actualMinor,
    daysInclusive(project.startDate, project.endDate),
    daysInclusive(project.startDate, today),
  );
  return Number.isSafeInteger(forecast) ? forecast : null;
}

/** A project row and today's date (UTC) as the API's Project, every figure in its currency. */
export function toProject(row: ProjectRow, today: string): Project {
  const money = (amount: number): Money => ({ amount, currency: row.currency });
  const forecast = forecastMinor(row, today);
  const { budgetMinor, actualMinor, ...asStored } = row;
  return {
    ...asStored,
    budget: money(budgetMinor),
    actual: money(actualMinor),
    remaining: money(budgetMinor - actualMinor),
    percentUsed: percentUsed(actualMinor, budgetMinor),
    forecast: forecast === null ? null : money(forecast),
  };
}
