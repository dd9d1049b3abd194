import { createTheme, MantineThemeProvider, Stack, type StackProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

// The console's theme makes text inputs 'md' (sign-in and the short forms); every other input of
// the editor is 'sm'. Inside the editor's tabs all of them are 'sm', so every field label has one size.
const editorTheme = createTheme({
  components: {
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
  },
});

/** The content of an editor tab: a Stack whose fields share one input and label size. */
export function EditorTabStack({ children, ...props }: StackProps & { children: ReactNode }) {
  return (
    <MantineThemeProvider theme={editorTheme}>
      <Stack {...props}>{children}</Stack>
    </MantineThemeProvider>
  );
}

/**
 * A textarea that grows with its text, from `minRows` to `maxRows` lines, through CSS
 * (field-sizing: content) instead of Mantine's `autosize`, which measures a hidden copy on every
 * keystroke and so forces a layout of the whole editor while typing. Where the browser lacks
 * field-sizing the textarea keeps `minRows` lines and scrolls.
 */
export function growing(minRows: number, maxRows = 12, input: CSSProperties = {}) {
  const padding = 'calc(var(--input-padding-y, 0.5rem) * 2 + 2px)';
  return {
    rows: minRows,
    styles: {
      input: {
        fieldSizing: 'content',
        minHeight: `calc(${minRows}lh + ${padding})`,
        maxHeight: `calc(${maxRows}lh + ${padding})`,
        ...input,
      } as CSSProperties,
    },
  };
}
