import { darken, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2.2 AA for normal text, with a margin for rounding in the browser's colour maths. */
export const TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in 5% steps until it reaches TEXT_CONTRAST against every background. */
export function darkenUntilReadable(color: string, backgrounds: string[]): string {
  let result = color;
  for (
    let amount = 0.05;
    amount < 1 && backgrounds.some((bg) => contrastRatio(result, bg) < TEXT_CONTRAST);
    amount += 0.05
  ) {
    result = darken(color, amount);
  }
  return result;
}

/** The light theme's backgrounds coloured text sits on: white, the page's gray 0, a card's hover gray 1. */
const LIGHT_SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'];

/**
 * One colour's CSS variables, adjusted so that every variant Mantine paints with it is readable
 * (amber on yellow had 2.7:1, orange on white 3.0:1). In the light theme, coloured text,
 * light badges and outlines use the colour's darkest shade, darkened further where needed
 * (yellow, orange, green, lime); filled backgrounds darken until white text on them reads. In the
 * dark theme, text and outlines use shade 2, and filled backgrounds darken the same way.
 */
export function readableColorVariables(name: string, shades: MantineColorsTuple) {
  const ink = darkenUntilReadable(shades[9], [...LIGHT_SURFACES, shades[1]]);
  const filled = (shade: string) => darkenUntilReadable(shade, ['#ffffff']);
  return {
    light: {
      [`--mantine-color-${name}-text`]: ink,
      [`--mantine-color-${name}-light-color`]: ink,
      [`--mantine-color-${name}-outline`]: ink,
      [`--mantine-color-${name}-filled`]: filled(shades[7]),
      [`--mantine-color-${name}-filled-hover`]: filled(shades[8]),
    },
    dark: {
      [`--mantine-color-${name}-text`]: `var(--mantine-color-${name}-2)`,
      [`--mantine-color-${name}-outline`]: `var(--mantine-color-${name}-2)`,
      [`--mantine-color-${name}-filled`]: filled(shades[8]),
      [`--mantine-color-${name}-filled-hover`]: filled(shades[9]),
    },
  };
}
