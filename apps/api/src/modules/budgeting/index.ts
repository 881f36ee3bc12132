/** The budgeting module's face: what the rest of the server may use of it. */
export { createBudgetingModule } from './budgeting.module.js';
export type { BudgetingModuleDeps, BudgetingServices } from './budgeting.module.js';
export { closedMonthsRoutes } from './closed-months.routes.js';
export type { ClosedMonthsService } from './closed-months.service.js';
export { costRatesRoutes } from './cost-rates.routes.js';
export type { CostRatesService } from './cost-rates.service.js';
export { ClosedMonthsRepository } from './closed-months.repository.js';
export { CostsRepository } from './costs.repository.js';
export { costsRoutes } from './costs.routes.js';
export type { CostsService } from './costs.service.js';
export { ImportBatchesRepository } from './import-batches.repository.js';
export { importsRoutes } from './imports.routes.js';
export type { ImportsService } from './imports.service.js';
export { ProjectsRepository } from './projects.repository.js';
export { forecastMinor } from './project-figures.js';
export { projectsRoutes } from './projects.routes.js';
export type { ProjectsService } from './projects.service.js';
