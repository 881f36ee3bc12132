import type { Clock } from '../../lib/clock.js';
import { ClosedMonthsService } from './closed-months.service.js';
import { CostRatesService } from './cost-rates.service.js';
import type { ClosedMonthsRepository } from './closed-months.repository.js';
import type { CostsRepository } from './costs.repository.js';
import { CostsService } from './costs.service.js';
import type { ImportBatchesRepository } from './import-batches.repository.js';
import { ImportsService } from './imports.service.js';
import type { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

type UnitOfWorkOf<Service extends abstract new (...args: never[]) => unknown> =
  ConstructorParameters<Service>[0] extends { unitOfWork: infer U } ? U : never;

export interface BudgetingModuleDeps {
  repositories: {
    projects: ProjectsRepository;
    costs: CostsRepository;
    closedMonths: ClosedMonthsRepository;
    importBatches: ImportBatchesRepository;
  };
  unitOfWork: UnitOfWorkOf<typeof ProjectsService> &
    UnitOfWorkOf<typeof CostsService> &
    UnitOfWorkOf<typeof ImportsService>;
  clock: Clock;
}

/** Budgeting & Cost tracking. */
export interface BudgetingServices {
  projects: ProjectsService;
  costs: CostsService;
  costRates: CostRatesService;
  closedMonths: ClosedMonthsService;
  imports: ImportsService;
}

export function createBudgetingModule({
  repositories,
  unitOfWork,
  clock,
}: BudgetingModuleDeps): BudgetingServices {
  const projects = new ProjectsService({ repository: repositories.projects, unitOfWork, clock });
  return {
    projects,
    costs: new CostsService({ repository: repositories.costs, projects, unitOfWork, clock }),
    costRates: new CostRatesService({ repository: repositories.costs, unitOfWork, clock }),
    closedMonths: new ClosedMonthsService({
      repository: repositories.closedMonths,
      unitOfWork,
      clock,
    }),
    imports: new ImportsService({
      batches: repositories.importBatches,
      costs: repositories.costs,
      closedMonths: repositories.closedMonths,
      projects,
      unitOfWork,
      clock,
    }),
  };
}
