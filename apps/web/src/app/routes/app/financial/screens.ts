/**
 * The Budgeting screens past the project pages, each as its route's `lazy`, loaded through this
 * module as the Monitoring screens are (see `../monitoring/screens.ts`): their chunks' preload
 * lists stay out of the entry script, which the login page loads.
 */
export const closedMonths = async () => ({
  Component: (await import('./closed-months.js')).ClosedMonthsRoute,
});
export const budgetAlerts = async () => ({
  Component: (await import('./budget-alerts.js')).BudgetAlertsRoute,
});
