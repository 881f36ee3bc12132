import { zodResolver } from '@hookform/resolvers/zod';
import {
  fullNameOrEmptySchema,
  fullNameSchema,
  positionSchema,
  statusSchema,
  type Position,
  type Status,
} from '@staff-admin/shared';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { ProfileImage } from './picture.js';

// The profile form's values and validation; the validation loads in its own chunk (zod is the
// largest part of it), the form takes only the values' type from here.

/** SPEC §3's profile form. */
export interface ProfileFormValues {
  fullName: string;
  position: Position;
  status: Status;
  image: ProfileImage | null;
}

const imageSchema = z.custom<ProfileImage | null>();

const profileFormSchema = z.object({
  fullName: fullNameSchema,
  position: positionSchema,
  status: statusSchema,
  image: imageSchema,
});

/** An invited user may have no name yet; an admin may change their role without inventing one. */
const namelessUserFormSchema = profileFormSchema.extend({ fullName: fullNameOrEmptySchema });

export const profileFormResolver: Resolver<ProfileFormValues> = zodResolver(profileFormSchema);

export const namelessUserFormResolver: Resolver<ProfileFormValues> =
  zodResolver(namelessUserFormSchema);
