/** The budgeting module's face: what the rest of the server may use of it. */
export { closedMonthsRoutes } from './closed-months.routes.js';
export { ClosedMonthsService } from './closed-months.service.js';
export { costRatesRoutes } from './cost-rates.routes.js';
export { CostRatesService } from './cost-rates.service.js';
export { CostsRepository } from './costs.repository.js';
export { costsRoutes } from './costs.routes.js';
export { CostsService } from './costs.service.js';
export { ImportBatchesRepository } from './import-batches.repository.js';
export { importsRoutes } from './imports.routes.js';
export { ImportsService } from './imports.service.js';
export { ProjectsRepository } from './projects.repository.js';
export { projectsRoutes } from './projects.routes.js';
export { ProjectsService } from './projects.service.js';
