import { passwordPolicyProblem } from '@staff-admin/shared';
import { get, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';

/**
 * `resolver` plus issue 5's password policy on `field`: a common password, or one that holds the
 * local part of `email`, is refused with the shared message under that field (the server runs
 * the same check). SPEC §5's rules speak first: the policy is checked once the field has no
 * other error, whatever the other fields say, so its message shows on the first submit.
 *
 * It wraps the resolver rather than the schema because zod skips an object's refinements as soon
 * as any field fails (an empty confirmation would hide the policy until the next submit).
 * The list of common passwords is large: import this only from the lazily loaded forms that set
 * a new password, never from the login route.
 */
export function withPasswordPolicy<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  field: Path<TValues>,
  email: string,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const password: unknown = get(values, field);
    if (typeof password !== 'string' || get(result.errors, field)) return result;
    const problem = passwordPolicyProblem(password, email);
    if (!problem) return result;
    const errors = { ...result.errors, [field]: { type: 'policy', message: problem } };
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
