/**
 * The Mantine theme, with colours that people can read (issue 31, decision 0068). Mantine's defaults
 * put blue #228be6 text on white at 3.55:1, white on a blue button at 3.55:1, grey secondary text at
 * 3.32:1 and a yellow alert's title on its pale background at 2.68:1; WCAG AA asks 4.5:1 for text.
 * Rather than a hand-picked shade per colour, every colour's text, filled, outline and light-variant
 * variables are darkened just enough to reach 4.5:1 on the background they are drawn on, so a screen
 * that says `color="yellow"` or `c="dimmed"` is readable without knowing it.
 */
import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** WCAG AA for normal text, with a little room for anti-aliasing and rounding. */
export const TEXT_CONTRAST_MIN = 4.6;

/** The contrast ratio of two colours (WCAG 2 relative luminance). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in small steps until it reaches the text contrast on every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: string[]): string {
  let shade = color;
  for (let step = 1; step <= 40 && backgrounds.some((b) => contrastRatio(shade, b) < TEXT_CONTRAST_MIN); step++) shade = darken(color, step * 0.025);
  return shade;
}

const WHITE = '#ffffff';
/** The grey of table stripes, hovered rows and the header (gray.0). */
const PAGE_GREY = DEFAULT_THEME.colors.gray[0];

/**
 * The light-scheme variables of one palette colour, each readable where Mantine draws it. Text (and a
 * link) may sit on the page, on a grey row or inside any colour's light alert: `paleBackgrounds`.
 */
export function readableColorVariables(name: string, shades: MantineColorsTuple, paleBackgrounds: string[]): Record<string, string> {
  const text = readableOn(shades[6], [WHITE, PAGE_GREY, ...paleBackgrounds]);
  const filled = readableOn(shades[6], [WHITE]);
  return {
    [`--mantine-color-${name}-text`]: text,
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.12),
    [`--mantine-color-${name}-outline`]: text,
    // The light variant (alerts, light badges and buttons) writes this on shade 1, its pale background,
    // and on shade 2 while hovered or pressed.
    [`--mantine-color-${name}-light-color`]: readableOn(shades[9], [shades[1], shades[2], WHITE]),
  };
}

const resolveReadableColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const palettes = Object.entries(theme.colors).filter(([name]) => name !== 'dark');
  // Shade 1 of every colour: the background of its light alerts and badges.
  const paleBackgrounds = palettes.map(([, shades]) => shades[1]);
  for (const [name, shades] of palettes) Object.assign(light, readableColorVariables(name, shades, paleBackgrounds));
  light['--mantine-color-dimmed'] = readableOn(theme.colors.gray[6], [WHITE, PAGE_GREY, ...paleBackgrounds]);
  // A placeholder is the only text of an empty file field (Input.Placeholder), so it is read too.
  light['--mantine-color-placeholder'] = readableOn(theme.colors.gray[5], [WHITE, PAGE_GREY]);
  light['--mantine-color-anchor'] = light[`--mantine-color-${theme.primaryColor}-text`]!;
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  return { variables: {}, light, dark: {} };
};

export const cssVariablesResolver = resolveReadableColors;

/** A close button's name, for the screen reader (Mantine draws only an ×). */
const closeButtonProps = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '87.5em', xl: '118.75em' },
  // Plain objects rather than Modal.extend(): importing the components here would put their code in
  // every first load (decision 0026).
  components: {
    // A link inside text is underlined: colour alone does not tell it apart (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Notification: { defaultProps: { closeButtonProps } },
    Alert: { defaultProps: { closeButtonLabel: 'Close' } },
    // A loader is named ("Loading the page"); a name is allowed only on an element with a role.
    Loader: { defaultProps: { role: 'status' } },
    // Recharts' keyboard layer makes each chart an unnamed Tab stop that only moves a tooltip; the
    // chart's figures are the page's text and tables, and its card is a named figure.
    ...Object.fromEntries(['BarChart', 'LineChart', 'AreaChart', 'CompositeChart', 'ScatterChart', 'BubbleChart'].map((chart) => [chart, { defaultProps: { accessibilityLayer: false } }])),
  },
});
