import { createHash } from 'node:crypto';
import { escapeInlineScript, scriptProblem } from '@swipe/contracts/button-script';
import { POPUP_KINDS, popupText, type TLink } from '@swipe/contracts/sites';
import { opensMembersOnly, type TRenderInput } from './model';
import { scriptKey } from './parts';

// The custom scripts of a page's SCRIPT buttons (run only if they parse). Each distinct script is
// one inline <script> that registers it, as the body of a function, under its scriptKey; the
// runtime calls it when its button is pressed. The page's CSP allows exactly these elements by
// their sha256 (script-src 'sha256-...'), never 'unsafe-inline'. Only scripts of buttons the page
// shows are there: a members-only page's stay off the page for visitors who are not members.

/** The global the registrations write into and the runtime reads (site-runtime.ts). */
export const SCRIPT_REGISTRY = 'swipeScripts';

/** The scripts of the buttons this page shows, each once, in page order. */
export function pageScripts(input: TRenderInput): string[] {
  const { doc } = input;
  const content = doc.content[input.lang];
  if (!content) return [];
  // A button shows with a text (a popup's falls back to ▶).
  const links: { link: TLink; text: string }[] = [];
  for (const c of content.creatives) {
    if (c.membersOnlyLock && !opensMembersOnly(input.mode)) continue;
    links.push({ link: c.link, text: c.linkButtonText });
    for (const p of c.products) links.push({ link: p.link, text: p.linkButtonText });
  }
  for (const kind of POPUP_KINDS) {
    const cta = doc.popupCtas[kind];
    if (cta.enabled)
      links.push({
        link: cta.link,
        text: popupText(cta, input.lang, doc.defaultLanguage).linkButtonText || '▶',
      });
  }
  const scripts = links
    .filter(({ link, text }) => text && link.kind === 'SCRIPT' && link.script)
    .map(({ link }) => link.script);
  // A script stored before the rules (or one that would not stay inside its element) never runs.
  return [...new Set(scripts)].filter((code) => scriptProblem(code) === null);
}

/**
 * The text of the <script> element that registers `code`: as an HTML parser hands it to the
 * browser (line ends as \n, no NUL), since the CSP hash is of exactly that text, and escaped so
 * that the element ends where it should (escapeInlineScript). A newline before the closing
 * brace: the code may end with a line comment.
 */
export function registrationScript(code: string): string {
  const text = `(self.${SCRIPT_REGISTRY}=self.${SCRIPT_REGISTRY}||{})[${JSON.stringify(scriptKey(code))}]=function(){\n${escapeInlineScript(code)}\n};`;
  return text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}

/** The CSP source that allows exactly the inline script `text` (UTF-8, as browsers hash it). */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
