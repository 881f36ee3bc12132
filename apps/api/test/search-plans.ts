import { SEARCH_PLANS, type SearchPlans } from '../src/modules/users/user-search.js';

/** Every page collected (up to the usual threshold), never walked for dense matches first. */
export const COLLECTING: SearchPlans = { ...SEARCH_PLANS, walkDenseMatchesUpTo: 0 };
/** Every page that can be walked walked the whole way (1-2 character terms still collect). */
export const WALKING: SearchPlans = { collectMatchesUpTo: 0, walkDenseMatchesUpTo: 0 };
/** Every search tries a bounded walk first, however sparse its matches. */
export const WALKING_DENSE: SearchPlans = { ...SEARCH_PLANS, walkDenseMatchesUpTo: Infinity };
