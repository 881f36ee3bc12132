import 'sonner/dist/styles.css';
import { LAYOUT } from '@staff-admin/shared';
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

const toasterStyle = { '--width': `${LAYOUT.toastWidth}px` } as CSSProperties;

/**
 * Where toasts appear; raise them with sonner's toast.info/success/warning/error. They stack at
 * the bottom right, so they never cover the header's user menu, which opens downwards from the
 * top right (docs/accessibility.md).
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      richColors
      closeButton
      duration={5000}
      style={toasterStyle}
      toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
    />
  );
}
