import clsx from 'clsx';
import { useState } from 'react';
import { avatarColor as colorFor, avatarInitial as initialFor } from './avatar-appearance.js';

export type AvatarSize = 'small' | 'medium' | 'large' | 'extraLarge';

/** Box and font size in pixels (SPEC §3). */
const AVATAR_SIZES: Record<AvatarSize, { box: number; font: number }> = {
  small: { box: 24, font: 10 },
  medium: { box: 32, font: 12 },
  large: { box: 40, font: 14 },
  extraLarge: { box: 60, font: 24 },
};

interface AvatarProps {
  name: string;
  /** Overrides the initial derived from the name. */
  initial?: string;
  /** Overrides the colour derived from the name. */
  avatarColor?: string;
  avatarUrl?: string | null;
  size?: AvatarSize;
  className?: string;
  imageClassName?: string;
}

/**
 * The user's picture, or the initial of their name on a colour of its own. It is decorative:
 * wherever it appears, the name is written next to it.
 */
export function Avatar({
  name,
  initial,
  avatarColor,
  avatarUrl,
  size = 'medium',
  className,
  imageClassName,
}: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const { box, font } = AVATAR_SIZES[size];
  const boxStyle = { width: box, height: box, fontSize: font };
  const boxClasses = clsx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full leading-none select-none',
    className,
  );

  if (avatarUrl && avatarUrl !== failedUrl) {
    return (
      <span className={boxClasses} style={boxStyle} aria-hidden="true" data-testid="avatar">
        <img
          src={avatarUrl}
          alt=""
          className={clsx('size-full object-cover', imageClassName)}
          onError={() => setFailedUrl(avatarUrl)}
        />
      </span>
    );
  }

  const letter = initial ?? initialFor(name);
  return (
    <span
      className={clsx(boxClasses, 'font-semibold text-white')}
      style={{ ...boxStyle, backgroundColor: avatarColor ?? colorFor(name) }}
      aria-hidden="true"
      data-testid="avatar"
    >
      {letter || <PersonGlyph />}
    </span>
  );
}

function PersonGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-3/5" fill="currentColor" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5z" />
    </svg>
  );
}
