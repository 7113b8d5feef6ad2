import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  FileInput,
  type MantineColorsTuple,
  Modal,
  Notification,
} from '@mantine/core';
import { BREAKPOINTS_PX } from '@smart/contracts';
import { readableColorVariables } from './contrast';

/** Slate blue-grey, the product's primary colour, lightest to darkest. */
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

/** Mantine expects em; the design is in px (16px = 1em). */
const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'slate',
  // Dark: white text on slate 8 has 6.6:1 (on slate 5, 3.7:1).
  primaryShade: { light: 7, dark: 8 },
  colors: { slate },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // Menus, drawers and modals appear without sliding for whoever asks the system for less motion.
  respectReducedMotion: true,
  breakpoints: {
    xs: em(576),
    sm: em(BREAKPOINTS_PX.sm),
    md: em(BREAKPOINTS_PX.md),
    lg: em(BREAKPOINTS_PX.lg),
    xl: em(BREAKPOINTS_PX.xl),
  },
  components: {
    // Icon-only close buttons need a name (axe button-name): a toast's, a chosen file's.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Remove the file' } } }),
    // A dialog's <header> is not a second banner beside the app's top bar (axe landmark-no-duplicate-banner).
    Modal: Modal.extend({ defaultProps: { attributes: { header: { role: 'presentation' } } } }),
    Drawer: Drawer.extend({ defaultProps: { attributes: { header: { role: 'presentation' } } } }),
  },
});

/** Each colour's variables adjusted for contrast in both themes (contrast.ts), computed once. */
const readable = Object.entries({ ...DEFAULT_THEME.colors, slate })
  // 'dark' is the dark theme's surfaces, never a colour for text or badges.
  .filter(([name]) => name !== 'dark')
  .map(([name, shades]) => readableColorVariables(name, shades));
const merged = (scheme: 'light' | 'dark') => Object.assign({}, ...readable.map((colour) => colour[scheme]));

/**
 * WCAG asks 4.5:1 of text, in both themes: every colour's text, light, outline and filled variants
 * are adjusted (contrast.ts). Mantine's 'dimmed' grey (gray 6, 3.3:1 on white) is #5c636a (6.1:1;
 * 5.1:1 on gray 2); in the dark theme #a6a6a6 (6.9:1 on the body, dark 7; Mantine's dark 2 has 4.0:1).
 * Placeholders, the only hint an empty filter gives, are dimmed text too (Mantine's gray 5 has 2.1:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...merged('light'),
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  },
  dark: {
    ...merged('dark'),
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  },
});
