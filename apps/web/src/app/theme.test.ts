import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readableOn, theme } from './theme';

const resolved: Record<string, string | undefined> = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)).light;
const palettes = Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark');
const paleBackgrounds = palettes.map(([, shades]) => shades[1]);
const AA = 4.5;

describe('theme colours reach WCAG AA (4.5:1) where Mantine draws them', () => {
  it("Mantine's own defaults do not (the reason for the resolver): blue on white, grey text, a yellow alert's title", () => {
    expect(contrastRatio(DEFAULT_THEME.colors.blue[6], '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio(DEFAULT_THEME.colors.yellow[9], DEFAULT_THEME.colors.yellow[1])).toBeLessThan(AA);
  });

  it.each(palettes)('%s: text and links on white, grey rows and every light alert; white on its filled buttons', (name, shades) => {
    const text = resolved[`--mantine-color-${name}-text`]!;
    for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0], ...paleBackgrounds]) expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio('#ffffff', resolved[`--mantine-color-${name}-filled`]!)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio('#ffffff', resolved[`--mantine-color-${name}-filled-hover`]!)).toBeGreaterThanOrEqual(AA);
    for (const pale of [shades[1], shades[2]]) expect(contrastRatio(resolved[`--mantine-color-${name}-light-color`]!, pale)).toBeGreaterThanOrEqual(AA);
    expect(resolved[`--mantine-color-${name}-outline`]).toBe(text);
  });

  it('placeholders', () => {
    for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0]]) expect(contrastRatio(resolved['--mantine-color-placeholder']!, background)).toBeGreaterThanOrEqual(AA);
  });

  it('dimmed text, links and errors', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error'])
      for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0], ...paleBackgrounds]) expect(contrastRatio(resolved[variable]!, background)).toBeGreaterThanOrEqual(AA);
  });

  it('darkens no more than needed: a colour already readable stays as it is', () => {
    expect(readableOn('#212529', ['#ffffff'])).toBe('#212529');
    expect(contrastRatio(readableOn(DEFAULT_THEME.colors.blue[6], ['#ffffff']), '#ffffff')).toBeLessThan(5.2);
  });
});
