import clsx from 'clsx';
import { useSsoOffer } from '../api/get-sso-offer.js';
import { ssoStartHref } from '../utils/sso.js';

/**
 * A large secondary button's look (the kit's buttonClassName), but the text may wrap: the
 * provider's name is the operator's, and "Sign in with your company account" must fit 320 px.
 */
const SSO_LINK_CLASS = clsx(
  'flex min-h-12 w-full items-center justify-center rounded-lg px-6 py-2 text-center text-base font-semibold',
  'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 active:bg-slate-100',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
);

/**
 * "Sign in with {name}" when company sign-in is configured, nothing otherwise. A plain link to
 * the server, which sends the browser on to the provider.
 */
export function SsoLink({ returnTo = null }: { returnTo?: string | null }) {
  const offer = useSsoOffer();
  if (!offer) return null;
  return (
    <a href={ssoStartHref(returnTo)} className={SSO_LINK_CLASS}>
      {offer.buttonLabel}
    </a>
  );
}
