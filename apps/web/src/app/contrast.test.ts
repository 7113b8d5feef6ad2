import { DEFAULT_THEME, darken, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColorVariables } from './contrast';
import { cssVariablesResolver, theme } from './theme';

const colours = Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark');

describe('readable colours (WCAG 2.2 AA, 4.5:1)', () => {
  it("finds Mantine's own yellow badge below AA, as a review saw it", () => {
    const yellow = DEFAULT_THEME.colors.yellow;
    expect(contrastRatio(yellow[9], yellow[1])).toBeLessThan(3);
  });

  it.each(colours)('%s: light-theme text, light badges, outlines and filled badges reach 4.5:1', (name, shades) => {
    const vars = readableColorVariables(name, shades).light;
    const ink = vars[`--mantine-color-${name}-text`] as string;
    for (const background of ['#ffffff', '#f8f9fa', '#f1f3f5', shades[1]]) {
      expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled`] as string)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(colours)('%s: dark-theme text (shade 2) and filled badges reach 4.5:1', (name, shades) => {
    const vars = readableColorVariables(name, shades).dark;
    const body = DEFAULT_THEME.colors.dark[7];
    const card = DEFAULT_THEME.colors.dark[6];
    for (const background of [body, card, darken(shades[9], 0.5)]) {
      expect(contrastRatio(shades[2], background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled`] as string)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('dimmed text and placeholders (WCAG 2.2 AA, 4.5:1)', () => {
  const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const value = (scheme: 'light' | 'dark', name: string): string => {
    const raw = (resolved[scheme] as Record<string, string | undefined>)[name] ?? '';
    const reference = /^var\((--[\w-]+)\)$/.exec(raw)?.[1];
    return reference ? value(scheme, reference) : raw;
  };
  const { gray, dark } = DEFAULT_THEME.colors;

  it.each([
    ['light', ['#ffffff', gray[0], gray[1], gray[2]]],
    ['dark', [dark[5], dark[6], dark[7]]],
  ] as const)("%s theme: an input's placeholder and dimmed text read on inputs and surfaces", (scheme, surfaces) => {
    for (const variable of ['--mantine-color-placeholder', '--mantine-color-dimmed']) {
      for (const surface of surfaces)
        expect(contrastRatio(value(scheme, variable), surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("finds Mantine's own placeholder grey below AA, as a review saw it", () => {
    expect(contrastRatio(gray[5], '#ffffff')).toBeLessThan(2.5);
  });
});
