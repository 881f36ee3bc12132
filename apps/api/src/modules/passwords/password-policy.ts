import { API_MESSAGES, passwordPolicyProblem } from '@staff-admin/shared';
import { invalid } from '../../lib/errors.js';

/**
 * The rules beyond SPEC §5's strength rule (common passwords, the email's local part), from the
 * shared package so the site refuses the same passwords in the same words. The schemas have
 * already checked strength and length; this needs the account's email, which only the service
 * knows (for setup and reset it comes from the token). 400 with the message under `field`.
 */
export function assertPasswordPolicy(password: string, email: string, field: string): void {
  const problem = passwordPolicyProblem(password, email);
  if (problem) throw invalid(API_MESSAGES.validationFailed, { [field]: problem });
}
