import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS_PX } from '@smart/contracts';

/** Slate blue-grey, the product's primary colour (spec section 3), lightest to darkest. */
const slate: MantineColorsTuple = [
  '#f0f3f7',
  '#e1e6ee',
  '#c2ccdb',
  '#a0b0c6',
  '#8397b3',
  '#6f86a6',
  '#627a9c',
  '#51688a',
  '#475c7c',
  '#3a4e6d',
];

/** Mantine expects em; the spec gives px (16px = 1em). */
const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'slate',
  primaryShade: { light: 7, dark: 5 },
  colors: { slate },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  breakpoints: {
    xs: em(576),
    sm: em(BREAKPOINTS_PX.sm),
    md: em(BREAKPOINTS_PX.md),
    lg: em(BREAKPOINTS_PX.lg),
    xl: em(BREAKPOINTS_PX.xl),
  },
});

/**
 * WCAG asks 4.5:1 of text. Mantine's 'dimmed' grey (gray 6) has 3.3:1 on white: this grey stays
 * secondary at 6.1:1 (5.1:1 on gray 2). Field errors (red 6, 3.3:1) use red 9 (5.5:1), as do
 * the red texts in the app (c="red.9").
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
