import { TWO_STEP_MESSAGES } from '@staff-admin/shared';
import { toast } from './toast.js';

/** Copies `text` to the clipboard and says so in a toast (or why it could not). */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    toast.error(TWO_STEP_MESSAGES.copyFailed);
    return;
  }
  toast.success(done);
}
