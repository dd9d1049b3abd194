import { createTheme, MantineThemeProvider, Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

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
