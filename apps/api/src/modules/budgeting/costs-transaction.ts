import type { AuditRepository } from '../audit/index.js';
import type { CostsRepository } from './costs.repository.js';
import type { ProjectsRepository } from './projects.repository.js';

/** The repositories a change to costs writes through (an entry moves its project's total too). */
export interface CostsTransaction {
  costs: CostsRepository;
  projects: ProjectsRepository;
  audit: AuditRepository;
}
