import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Stroke icons on a 24px grid; decorative, so hidden from assistive technology. */
export function StrokeIcon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
