import { createTheme, type MantineColorsTuple } from '@mantine/core';
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
