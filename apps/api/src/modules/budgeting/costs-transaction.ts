import type { AuditRepository } from '../audit/index.js';
import type { ClosedMonthsRepository } from './closed-months.repository.js';
import type { CostsRepository } from './costs.repository.js';
import type { ProjectsRepository } from './projects.repository.js';

/**
 * The repositories a change to costs writes through (an entry moves its project's total too; the
 * closed months are held steady until the commit).
 */
export interface CostsTransaction {
  costs: CostsRepository;
  closedMonths: ClosedMonthsRepository;
  projects: ProjectsRepository;
  audit: AuditRepository;
}
