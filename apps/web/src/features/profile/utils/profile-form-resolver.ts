import { zodResolver } from '@hookform/resolvers/zod';
import {
  fullNameOrEmptySchema,
  fullNameSchema,
  positionSchema,
  statusSchema,
} from '@staff-admin/shared';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { ProfileFormValues } from '../components/profile-form.js';
import type { ProfileImage } from './picture.js';

// The profile form's validation, in its own chunk: zod is the largest part of it.

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
