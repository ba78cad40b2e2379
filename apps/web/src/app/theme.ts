import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// SPEC section 9: a ten-shade pastel green as the primary colour at shade 3, Roboto first.
const pastelGreen: MantineColorsTuple = [
  '#eefbf3',
  '#dcf4e5',
  '#b8e8cb',
  '#8fdbaf',
  '#6dcf97',
  '#57c788',
  '#4ac37f',
  '#3aab6c',
  '#2f985f',
  '#17744a',
];

export const theme = createTheme({
  colors: { 'pastel-green': pastelGreen },
  primaryColor: 'pastel-green',
  primaryShade: 3,
  // Shade 3 is light: filled buttons take dark text so labels stay readable.
  autoContrast: true,
  fontFamily: 'Roboto, Arial, Helvetica, sans-serif',
  headings: { fontFamily: 'Roboto, Arial, Helvetica, sans-serif' },
  components: {
    // A notification's close button says what it does (axe: button-name), wherever one is shown.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close the message' } } },
    // Every pager's arrows and pages have names a screen reader can say (axe: button-name).
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
    // A file input's placeholder is text in a span (not ::placeholder): Mantine's grey is 2:1 on white, gray.7 keeps 4.5:1.
    FileInput: {
      styles: { placeholder: { color: 'var(--mantine-color-gray-7)' } },
    },
    Modal: {
      defaultProps: {
        transitionProps: { transition: 'fade-down', duration: 200 },
        closeOnEscape: true,
        closeOnClickOutside: true,
        yOffset: '5dvh',
      },
    },
  },
});

/** Text drawn in the primary colour uses its darkest shade, so links and hints pass WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-pastel-green-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-pastel-green-light-color': 'var(--mantine-color-pastel-green-9)',
    '--mantine-color-pastel-green-text': 'var(--mantine-color-pastel-green-9)',
  },
  dark: {},
});
