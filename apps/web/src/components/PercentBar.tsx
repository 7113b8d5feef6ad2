import { type MantineColor, ProgressRoot, ProgressSection } from '@mantine/core';

interface PercentBarProps {
  /** 0 to 100; any fraction (a few bytes of a quota are 0.0000003). */
  percent: number;
  /** What the bar is of, for screen readers ('Storage used'). */
  label: string;
  /** The figure as the page shows it ('<1%'); else the whole percent. */
  valueText?: string;
  color?: MantineColor;
  size?: 'sm' | 'md' | 'lg';
  animated?: boolean;
}

/**
 * The app's one progress bar. A screen reader hears the whole percent reached (aria-valuenow
 * floored: the storage bar once wrote "8.0e-7", which axe calls critical, as Mantine writes the
 * value it is given); the bar's width keeps the share to two decimals. Root and Section, not
 * Progress: its extra styles code would become a chunk of its own on the sign-in page.
 */
export function PercentBar({ percent, label, valueText, color, size = 'sm', animated }: PercentBarProps) {
  const share = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
  const whole = Math.floor(share);
  return (
    <ProgressRoot size={size}>
      <ProgressSection
        value={Math.round(share * 100) / 100}
        color={color}
        animated={animated}
        withAria={false}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={whole}
        aria-valuetext={valueText ?? `${whole}%`}
      />
    </ProgressRoot>
  );
}
