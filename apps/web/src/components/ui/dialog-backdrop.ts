/**
 * The dim layer behind a dialog, centring what it holds: Dialog's overlay, and lazyDialog's
 * stand-in while a dialog's code loads. Apart from dialog.tsx, which brings Radix's dialog.
 */
export const DIALOG_BACKDROP_CLASS = 'fixed inset-0 z-50 grid place-items-center bg-slate-950/50';
