import {
  formatCount,
  OVERVIEW_CHECK_LABELS,
  type OverviewCheck,
  type OverviewIdentityProvider,
} from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../components/ui/date-time.js';
import { paths } from '../../../config/paths.js';
import {
  CardScreenLink,
  cardClass,
  CheckCardTitle,
  Figures,
  type CardScreen,
} from './overview-cards.js';

const REFUSALS: CardScreen = {
  to: `${paths.monitoring.security.path}?action=auth.sso_refused`,
  label: 'View refusals',
};

/**
 * The company's identity provider (SSO): its check's state, the last company sign-in, the refusals
 * of the last 24 hours (their audit trail one link away) and, while it cannot be reached, why.
 */
export function IdentityProviderCard({
  check,
  provider,
  now,
}: {
  check: OverviewCheck;
  provider: OverviewIdentityProvider;
  now: number;
}) {
  const title = OVERVIEW_CHECK_LABELS.identityProvider;
  const figures: [string, ReactNode][] = [
    [
      'Last sign-in',
      provider.lastSignInAt ? <RelativeTime value={provider.lastSignInAt} now={now} /> : 'none yet',
    ],
    ['Refusals (24 h)', formatCount(provider.refusals24h)],
  ];
  if (provider.lastFailure) {
    figures.push([
      'Last failure',
      <>
        {`${provider.lastFailure.message} `}
        <RelativeTime value={provider.lastFailure.at} now={now} />
      </>,
    ]);
  }
  return (
    <li className={cardClass} aria-label={title}>
      <CheckCardTitle title={title} status={check.status} />
      <p className="text-slate-700">{`${provider.displayName}: ${check.output}`}</p>
      <Figures figures={figures} />
      <CardScreenLink screen={REFUSALS} />
    </li>
  );
}
