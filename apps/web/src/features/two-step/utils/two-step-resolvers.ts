import { zodResolver } from '@hookform/resolvers/zod';
import { confirmTotpSchema, renamePasskeySchema, type ConfirmTotpInput } from '@staff-admin/shared';
import type { Resolver } from 'react-hook-form';

// The Security card's forms' validation, in its own chunk: the card is on the profile page, the
// first page a signed-in visit shows, and zod is the largest part of this.

export const confirmTotpResolver: Resolver<ConfirmTotpInput, unknown, { code: string }> =
  zodResolver(confirmTotpSchema);

export const passkeyNameResolver: Resolver<{ name: string }, unknown, { name: string }> =
  zodResolver(renamePasskeySchema);
