import { PersonalDataService, type PersonalDataDeps } from './personal-data.service.js';

export type PersonalDataModuleDeps = PersonalDataDeps;

export interface PersonalDataModule {
  /** GET /users/profile/export: a user's own data. */
  personalData: PersonalDataService;
}

export function createPersonalDataModule(deps: PersonalDataModuleDeps): PersonalDataModule {
  return { personalData: new PersonalDataService(deps) };
}
