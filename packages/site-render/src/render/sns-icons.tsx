/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { SNS_TYPES } from '@swipe/contracts/sites';

// SNS icons (one per SNS type) defined once per page as <symbol>s and drawn with <use>, so a
// bottom bar repeated on every page costs a few bytes each. Simple 24x24 glyphs of our own.

type TSns = (typeof SNS_TYPES)[number];

export const SNS_ICONS: Record<TSns, { label: string; path: string }> = {
  youtube: {
    label: 'YouTube',
    path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15.1V8.9l5.8 3.1z',
  },
  line: {
    label: 'LINE',
    path: 'M12 2.5C6.2 2.5 1.5 6.3 1.5 11c0 4.2 3.7 7.7 8.8 8.4.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6 1.1-.5 6.1-3.6 8.3-6.2 1.5-1.7 2.2-3.4 2.2-5.2 0-4.7-4.7-8.5-10.5-8.5zM7.6 13.6H5.5a.5.5 0 0 1-.5-.5V8.9a.5.5 0 0 1 1 0v3.7h1.6a.5.5 0 0 1 0 1zm2.1-.5a.5.5 0 0 1-1 0V8.9a.5.5 0 0 1 1 0zm5 0a.5.5 0 0 1-.9.3l-2.1-2.9v2.6a.5.5 0 0 1-1 0V8.9a.5.5 0 0 1 .9-.3l2.1 2.9V8.9a.5.5 0 0 1 1 0zm3.4-2.6a.5.5 0 0 1 0 1h-1.6v1h1.6a.5.5 0 0 1 0 1H16a.5.5 0 0 1-.5-.5V8.9a.5.5 0 0 1 .5-.5h2.1a.5.5 0 0 1 0 1h-1.6v1z',
  },
  instagram: {
    label: 'Instagram',
    path: 'M12 2.2c3.2 0 3.6 0 4.8.1 3.3.1 4.8 1.7 4.9 4.9.1 1.3.1 1.6.1 4.8s0 3.6-.1 4.8c-.1 3.2-1.7 4.8-4.9 4.9-1.3.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-3.3-.1-4.8-1.7-4.9-4.9C2.2 15.6 2.2 15.2 2.2 12s0-3.6.1-4.8C2.4 3.9 3.9 2.4 7.2 2.3 8.4 2.2 8.8 2.2 12 2.2zm0 4.7a5.1 5.1 0 1 0 0 10.2 5.1 5.1 0 0 0 0-10.2zm0 8.4a3.3 3.3 0 1 1 0-6.6 3.3 3.3 0 0 1 0 6.6zm5.3-9.8a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z',
  },
  x: {
    label: 'X',
    path: 'M17.8 2.5h3.3l-7.2 8.2 8.4 11h-6.6l-5.2-6.8-5.9 6.8H1.3l7.7-8.8L1 2.5h6.8l4.7 6.2zm-1.2 17.3h1.8L6.6 4.3H4.6z',
  },
  tiktok: {
    label: 'TikTok',
    path: 'M16.6 2h-3.4v13.4a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V9.1a6.4 6.4 0 1 0 5.4 6.3V8.6a8 8 0 0 0 4.6 1.5V6.7a4.6 4.6 0 0 1-4.6-4.7z',
  },
  facebook: {
    label: 'Facebook',
    path: 'M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12z',
  },
  phone_number: {
    label: 'Phone',
    path: 'M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.2 11.4 11.4 0 0 0 3.6.6 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.2.2 2.4.6 3.6a1 1 0 0 1-.3 1z',
  },
  google_map: {
    label: 'Google Maps',
    path: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z',
  },
};

/** The symbols of the SNS types a page uses. */
export function SnsSprite({ types }: { types: TSns[] }) {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true">
      {types.map((type) => (
        <symbol key={type} id={`i-${type}`} viewBox="0 0 24 24">
          <path d={SNS_ICONS[type].path} />
        </symbol>
      ))}
    </svg>
  );
}
