// Every Mantine component's styles, for everything past the first screen (providers.tsx loads
// only the first screen's). Lazy modules import this file, so the stylesheet arrives with them.
// Cascade layers keep Mantine's rules below the app's own, whichever stylesheet lands last.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
