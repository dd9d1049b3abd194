import { cornerRadius, type TCampaignButton } from '@swipe/contracts/campaigns';
import { type CSSProperties, useEffect, useState } from 'react';
import { MediaImg, type TMediaUrls } from './campaign-media';
import classes from './campaigns.module.css';

// A campaign button as the published page draws it: its face (text, image or HTML) with its
// colours, corners and animation (CSS keyframes, none when the visitor asks for reduced motion),
// and its microcopy above or below.

type TSanitize = (html: string) => string;
let sanitizer: TSanitize | null = null;
let loading: Promise<TSanitize> | null = null;

/**
 * The published page's sanitizer (contracts' allowlist), loaded with the designer only, so that the
 * preview shows exactly what is saved and rendered. Null until it has arrived.
 */
export function useButtonHtmlSanitizer(): TSanitize | null {
  const [fn, setFn] = useState<TSanitize | null>(() => sanitizer);
  useEffect(() => {
    if (fn) return;
    loading ??= import('@swipe/contracts/campaign-html').then((m) => {
      sanitizer = m.sanitizeButtonHtml;
      return sanitizer;
    });
    let live = true;
    void loading.then((s) => live && setFn(() => s));
    return () => {
      live = false;
    };
  }, [fn]);
  return fn;
}

/** Text of an HTML fragment (parsed inert: nothing runs or loads), while the sanitizer loads. */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

export function CampaignButtonView({
  button,
  media,
  sanitize,
}: {
  button: TCampaignButton;
  media: TMediaUrls;
  sanitize: TSanitize | null;
}) {
  const b = button;
  const face: CSSProperties = {
    background: b.type === 'MEDIA' ? 'transparent' : b.backgroundColor,
    color: b.textColor,
    borderRadius: b.corner === 'PILL' ? 999 : cornerRadius(b.corner),
  };
  const anim = b.animation !== 'NONE' ? classes[`anim-${b.animation}`] : '';
  const url = b.type === 'MEDIA' ? media.urlOf(b.media) : undefined;
  const lines = b.microcopy.lines.filter((l) => l.trim() !== '');
  const microcopy = (
    <p
      className={classes.microcopy}
      data-position={b.microcopy.position}
      data-align={b.microcopy.align}
      style={{ color: b.microcopy.color }}
    >
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed text in order
        <span key={i}>{l}</span>
      ))}
    </p>
  );
  return (
    <div className={classes.button} data-animation={b.animation}>
      {lines.length > 0 && b.microcopy.position === 'TOP' && microcopy}
      <div className={`${classes.face} ${anim}`} style={face} data-testid="campaign-button-face">
        {b.type === 'TEXT' ? (
          b.text
        ) : b.type === 'MEDIA' ? (
          url ? (
            <MediaImg src={url} alt={b.text} />
          ) : null
        ) : sanitize ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: written by the contracts' allowlist sanitizer
          <span dangerouslySetInnerHTML={{ __html: sanitize(b.html) }} />
        ) : (
          plainText(b.html)
        )}
      </div>
      {lines.length > 0 && b.microcopy.position === 'BOTTOM' && microcopy}
    </div>
  );
}
