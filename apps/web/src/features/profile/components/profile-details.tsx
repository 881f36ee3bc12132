import {
  EMPTY_VALUE,
  POSITION_LABELS,
  RECORD_DATE_FORMAT,
  STATUS_LABELS,
  type Status,
  type User,
} from '@staff-admin/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar.js';
import { formatDate } from '../../../lib/format-date.js';

const STATUS_STYLES: Record<Status, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-green-100 text-green-900',
  inactive: 'bg-slate-200 text-slate-800',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-base break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A user's record, read-only: who they are on the left, the record's facts on the right. */
export function ProfileDetails({ user }: { user: User }) {
  const displayName = user.fullName || EMPTY_VALUE;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
      <section
        aria-labelledby="profile-details-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
      >
        <div className="mb-8 flex items-center gap-5">
          <Avatar name={user.fullName || user.email} avatarUrl={user.imageUrl} size="extraLarge" />
          <div className="min-w-0">
            <h2 id="profile-details-heading" className="truncate text-xl font-semibold">
              {displayName}
            </h2>
            <p className="truncate text-slate-600">{user.email}</p>
          </div>
        </div>
        <dl className="grid gap-6 sm:grid-cols-2">
          <Field label="Email">{user.email || EMPTY_VALUE}</Field>
          <Field label="Role">{POSITION_LABELS[user.position]}</Field>
          <Field label="Full name">{displayName}</Field>
        </dl>
      </section>
      <section
        aria-labelledby="profile-record-heading"
        className="h-fit rounded-2xl border border-slate-200 bg-white p-6"
      >
        <h2 id="profile-record-heading" className="mb-5 text-base font-semibold">
          Record
        </h2>
        <dl className="flex flex-col gap-5">
          <Field label="Status">
            <span
              className={clsx(
                'inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium',
                STATUS_STYLES[user.status],
              )}
            >
              {STATUS_LABELS[user.status]}
            </span>
          </Field>
          <Field label="Record date">{formatDate(user.createdAt, RECORD_DATE_FORMAT)}</Field>
          <Field label="Recorded by">{user.invitedBy?.fullName || EMPTY_VALUE}</Field>
        </dl>
      </section>
    </div>
  );
}
