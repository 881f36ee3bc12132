import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Chooses a picture in the profile form and waits until the form holds it: the file is read
 * after `upload` returns, and a save clicked before that finds the form unchanged.
 */
export async function choosePicture(user: UserEvent, file: File) {
  await user.upload(await screen.findByLabelText('Picture file'), file);
  await screen.findByText(`${file.name} will be uploaded when you save your changes.`);
}
