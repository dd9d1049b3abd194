/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { TCtx } from './parts';

// The sound toggle of a video page, in the site's speakerColor. Videos start muted (browsers play
// only muted videos by themselves); the toggle needs script, so it is hidden in the HTML and the
// runtime shows it. It is a toggle button with one name ("Sound" in the page language) and
// aria-pressed for its state; the icon follows aria-pressed. It sits on top of the page
// (absolute), so showing it moves nothing.

/** Only on pages with a video: the rules of the toggle. */
export const SOUND_CSS = `
.sk{position:absolute;z-index:3;top:92px;right:12px;display:grid;place-items:center;width:36px;height:36px;padding:0;border:0;border-radius:50%;background:rgba(0,0,0,.45);cursor:pointer}
.sk[hidden]{display:none}
.sk svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.sk[aria-pressed=true] .s0,.sk[aria-pressed=false] .s1{display:none}
`
  .replace(/\n/g, '')
  .trim();

export function SoundButton({ ctx }: { ctx: TCtx }) {
  return (
    <button
      type="button"
      className="sk"
      hidden
      aria-pressed="false"
      aria-label={ctx.t.sound}
      style={{ color: ctx.doc.speakerColor }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9v6h4l5 4V5L8 9z" />
        <path className="s1" d="M16.5 9a4 4 0 0 1 0 6M19 6.5a8 8 0 0 1 0 11" />
        <path className="s0" d="M16 9.5l5 5M21 9.5l-5 5" />
      </svg>
    </button>
  );
}
