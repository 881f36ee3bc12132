import { FactorsService } from './factors.service.js';
import { ReauthenticationService } from './reauthentication.service.js';
import { SecondStepCodes } from './second-step-codes.js';
import { SignInChallengesService } from './sign-in-challenges.service.js';
import type { TwoStepServiceDeps } from './two-step-deps.js';

/** The two-step module's services. */
export interface TwoStepServices {
  signIn: SignInChallengesService;
  factors: FactorsService;
  reauthentication: ReauthenticationService;
}

/** Builds the two-step services from their dependencies (the composition root calls it). */
export function createTwoStepServices(deps: TwoStepServiceDeps): TwoStepServices {
  const codes = new SecondStepCodes(deps);
  return {
    signIn: new SignInChallengesService(deps, codes),
    factors: new FactorsService(deps, codes),
    reauthentication: new ReauthenticationService(deps, codes),
  };
}
