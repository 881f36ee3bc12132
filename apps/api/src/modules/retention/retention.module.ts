import { RetentionService } from './retention.service.js';

export type RetentionModuleDeps = ConstructorParameters<typeof RetentionService>[0];

export interface RetentionModule {
  retention: RetentionService;
}

export function createRetentionModule(deps: RetentionModuleDeps): RetentionModule {
  return { retention: new RetentionService(deps) };
}
