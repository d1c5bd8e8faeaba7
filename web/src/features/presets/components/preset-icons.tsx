import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** The presets menu trigger: a stack of cards. */
export function PresetsIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <rect x="4" y="8" width="16" height="12" rx="2" />
      <path d="M7 5h10M9 2.5h6" />
    </svg>
  );
}

/** Pin as default; filled when pinned. */
export function PinIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <svg {...base} {...props}>
      <path
        d="M9 3h6l-1 6 3 3v2H7v-2l3-3z M12 14v7"
        fill={filled ? 'currentColor' : 'none'}
        fillRule="evenodd"
      />
    </svg>
  );
}
