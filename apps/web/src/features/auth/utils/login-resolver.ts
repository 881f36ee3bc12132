import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@staff-admin/shared';

/** The login form's validation, in its own chunk: zod is the largest part of it. */
export const loginResolver = zodResolver(loginSchema);
