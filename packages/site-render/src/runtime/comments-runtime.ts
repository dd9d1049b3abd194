import { formatDateTime } from '@swipe/contracts/jst-format';
import { errorText, pinLabel, pinsOf, pointIn, type TWireComment, upsert } from './comments-model';
import { commentTexts } from './comments-texts';

// Review comments on a shared preview: loaded only by the draft's preview for a person
// signed in with their invited email (private sharing), never by a published page. A floating
// "Comment" toggle turns comment mode on: a click or tap on a page (a `.pg`) then opens a small
// form there, and what is sent becomes a numbered pin at that point (thousandths of the page).
// The site's threads in the page's language show as pins on their pages (resolved ones behind a
// "show resolved" switch); a pin opens its thread with a reply box. With comment mode off the
// page is untouched: swiping (scroll-snap), links and buttons work as before. The calls go to the
// preview's own address, where its HttpOnly sign-in cookie goes; a 401 (revoked, expired) says to
// sign in again. Texts follow the page's language (comments-texts.ts).

const doc = document;
const body = doc.body;
const siteId = body.dataset.site ?? '';
const lang = body.dataset.lang ?? 'JP';
const htmlLang = doc.documentElement.lang || 'ja';
const t = commentTexts(lang);
const api = `/site/${siteId}/preview/comments`;

const CSS = `
.cm-bar{position:fixed;z-index:15;top:112px;right:12px;display:flex;flex-direction:column;align-items:flex-end;gap:8px;font:14px/1.4 system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif}
.cm-tg{display:inline-flex;align-items:center;gap:6px;min-height:40px;padding:0 14px;border-radius:20px;border:1px solid rgba(255,255,255,.5);background:rgba(0,0,0,.75);color:#fff;font:inherit;font-weight:700;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.35)}
.cm-tg svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2}
.cm-tg[aria-pressed=true]{background:#ffd43b;color:#111;border-color:#111}
.cm-tg:focus-visible,.cm-pin:focus-visible,.cm-dlg button:focus-visible{outline:3px solid #4dabf7;outline-offset:2px}
.cm-rs{display:flex;align-items:center;gap:6px;padding:4px 10px;border-radius:14px;background:rgba(0,0,0,.75);color:#fff;font-size:13px;cursor:pointer}
.cm-rs[hidden]{display:none}
.cm-st{max-width:220px;margin:0;padding:6px 10px;border-radius:10px;background:rgba(0,0,0,.8);color:#fff;font-size:13px}
.cm-st:empty{display:none}
.cm-on .pg{cursor:crosshair}
.cm-pin{position:absolute;z-index:7;left:clamp(15px,var(--x),calc(100% - 15px));top:clamp(15px,var(--y),calc(100% - 15px));display:grid;place-items:center;width:30px;height:30px;margin:-15px 0 0 -15px;padding:0;border-radius:50% 50% 50% 4px;border:2px solid #fff;background:#ffd43b;color:#111;font:700 13px/1 system-ui,sans-serif;cursor:pointer;box-shadow:0 3px 10px rgba(0,0,0,.45)}
.cm-pin.cm-res{background:#ced4da;border-color:#495057}
.cm-pin.cm-new{background:#fff;border-style:dashed;border-color:#111;pointer-events:none}
.cm-dlg{position:fixed;width:min(340px,calc(100vw - 24px));max-height:min(70vh,520px);margin:0;padding:16px;border:0;border-radius:14px;background:#fff;color:#111;box-shadow:0 16px 48px rgba(0,0,0,.45);overflow:auto;font:14px/1.5 system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif}
.cm-dlg::backdrop{background:rgba(0,0,0,.25)}
.cm-dlg h2{margin:0 0 10px;font-size:16px}
.cm-dlg ol{margin:0 0 12px;padding:0;list-style:none}
.cm-dlg li{padding:8px 0;border-top:1px solid #e9ecef}
.cm-dlg li:first-child{border-top:0;padding-top:0}
.cm-dlg .cm-who{display:block;font-size:12px;color:#495057}
.cm-dlg .cm-txt{margin:2px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.cm-dlg .cm-tag{display:inline-block;margin-left:6px;padding:0 6px;border-radius:6px;background:#e9ecef;color:#212529;font-size:11px;font-weight:700}
.cm-dlg label{display:block;margin-bottom:4px;font-weight:700;font-size:13px}
.cm-dlg textarea{display:block;width:100%;min-height:76px;padding:8px;border:1px solid #868e96;border-radius:8px;font:inherit;color:#111;background:#fff;resize:vertical}
.cm-dlg .cm-err{margin:8px 0 0;color:#c92a2a;font-size:13px}
.cm-dlg .cm-err:empty,.cm-dlg .cm-ok:empty{display:none}
.cm-dlg .cm-ok{margin:8px 0 0;color:#1e6b2d;font-size:13px}
.cm-dlg .cm-row{display:flex;justify-content:flex-end;gap:8px;margin-top:10px}
.cm-dlg .cm-row button{min-height:38px;padding:0 16px;border-radius:19px;border:1px solid #495057;background:#fff;color:#111;font:inherit;font-weight:700;cursor:pointer}
.cm-dlg .cm-row .cm-go{background:#1864ab;border-color:#1864ab;color:#fff}
.cm-dlg button:disabled{opacity:.6;cursor:default}
@media (max-width:599px){.cm-dlg{left:0!important;right:0;top:auto!important;bottom:0;width:100%;max-width:none;max-height:75vh;border-radius:16px 16px 0 0;padding-bottom:max(16px,env(safe-area-inset-bottom))}}
`;

let comments: TWireComment[] = [];
let on = false;
let showResolved = false;
/** What had the focus before the panel opened (back there when it closes). */
let before: HTMLElement | null = null;

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] => {
  const node = Object.assign(doc.createElement(tag), props);
  node.append(...children);
  return node;
};

const style = el('style');
style.textContent = CSS.replace(/\n/g, '');
doc.head.append(style);

const toggle = el('button', { type: 'button', className: 'cm-tg' });
toggle.setAttribute('aria-pressed', 'false');
toggle.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v11H9l-5 4z"/></svg>';
toggle.append(t.toggle);
const resolvedBox = el('input', { type: 'checkbox' });
const resolvedSwitch = el('label', { className: 'cm-rs', hidden: true }, resolvedBox, t.showResolved);
const status = el('p', { className: 'cm-st' });
status.setAttribute('role', 'status');
const bar = el('div', { className: 'cm-bar' }, toggle, resolvedSwitch, status);
const dialog = el('dialog', { className: 'cm-dlg' });
dialog.setAttribute('aria-labelledby', 'cm-h');
body.append(bar, dialog);

let quiet: ReturnType<typeof setTimeout> | undefined;
/** Says something in the bar for a few seconds (a live region: read out as well). */
const say = (text: string) => {
  status.textContent = text;
  clearTimeout(quiet);
  quiet = setTimeout(() => {
    status.textContent = '';
  }, 6000);
};

async function call(path: string, init?: { method: 'POST'; json: unknown }) {
  const res = await fetch(`${api}${path}`, {
    method: init?.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'accept-language': htmlLang,
      ...(init ? { 'content-type': 'application/json' } : {}),
    },
    ...(init ? { body: JSON.stringify(init.json) } : {}),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(errorText(t, res.status, json));
  return json as { data: unknown; message?: string };
}

// --- pins -----------------------------------------------------------------------------------

const pageOf = (id: string) => {
  const page = doc.getElementById(id);
  return page?.classList.contains('pg') ? page : null;
};

const placed = (node: HTMLElement, x: number, y: number) => {
  node.style.setProperty('--x', `${x / 10}%`);
  node.style.setProperty('--y', `${y / 10}%`);
  return node;
};

const pinOf = (id: string) =>
  [...doc.querySelectorAll<HTMLElement>('.cm-pin')].find((p) => p.dataset.comment === id) ?? null;

function drawPins() {
  for (const old of doc.querySelectorAll('.cm-pin:not(.cm-new)')) old.remove();
  for (const c of pinsOf(comments, lang, showResolved)) {
    const page = pageOf(c.page);
    if (!page) continue;
    const pin = placed(
      el(
        'button',
        { type: 'button', className: `cm-pin${c.resolved_at ? ' cm-res' : ''}` },
        String(c.number),
      ),
      c.x,
      c.y,
    );
    pin.dataset.comment = c.id;
    pin.setAttribute('aria-label', pinLabel(t, c));
    page.append(pin);
  }
  resolvedSwitch.hidden = !comments.some((c) => c.lang === lang && c.resolved_at);
}

// --- the panel --------------------------------------------------------------------------------

const when = (iso: string) => {
  try {
    return formatDateTime(iso, htmlLang);
  } catch {
    return iso;
  }
};

let draftPin: HTMLElement | null = null;

function closePanel() {
  if (dialog.open) dialog.close();
}
// (The close event comes a moment later: a panel opened again since then keeps its content.)
dialog.addEventListener('close', () => {
  if (dialog.open) return;
  draftPin?.remove();
  draftPin = null;
  dialog.replaceChildren();
  // A pin drawn again since (a reply redraws the pins) is found by its thread.
  const pin = before?.dataset.comment ? pinOf(before.dataset.comment) : null;
  (before?.isConnected ? before : pin)?.focus();
  before = null;
});
// Keys typed in the panel are its own: the page behind does not turn (arrows) while it is open.
// (Escape still closes it: that is the dialog's own cancel.)
dialog.addEventListener('keydown', (e) => e.stopPropagation());
// A click on the backdrop (outside the panel's box) closes it.
dialog.addEventListener('click', (e) => {
  if (e.target !== dialog) return;
  const r = dialog.getBoundingClientRect();
  if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) closePanel();
});

/**
 * Shows `content` in the panel near the point (client coordinates): below it when it fits, else
 * above; a bottom sheet on a phone.
 */
function showPanel(at: { clientX: number; clientY: number }, ...content: Node[]) {
  if (!dialog.open) before = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  dialog.replaceChildren(...content);
  if (!dialog.open) dialog.showModal();
  if (innerWidth < 600) return;
  const r = dialog.getBoundingClientRect();
  const left = Math.max(12, Math.min(at.clientX - r.width / 2, innerWidth - r.width - 12));
  const below = at.clientY + 22;
  const top = below + r.height <= innerHeight - 12 ? below : Math.max(12, at.clientY - 22 - r.height);
  dialog.style.left = `${left}px`;
  dialog.style.top = `${top}px`;
}

/** A text box with its label, an error line and the buttons: the new comment's and the reply's. */
function form(opts: {
  label: string;
  send: string;
  dismiss: string;
  submit: (text: string) => Promise<string | undefined>;
}) {
  const id = `cm-t${Math.random().toString(36).slice(2, 8)}`;
  const area = el('textarea', { id, name: 'body', maxLength: 1000, required: true });
  const error = el('p', { className: 'cm-err' });
  error.setAttribute('role', 'alert');
  const go = el('button', { type: 'submit', className: 'cm-go' }, opts.send);
  const no = el('button', { type: 'button' }, opts.dismiss);
  no.addEventListener('click', closePanel);
  const f = el(
    'form',
    {},
    el('label', { htmlFor: id }, opts.label),
    area,
    error,
    el('div', { className: 'cm-row' }, no, go),
  );
  f.noValidate = true;
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    go.disabled = true;
    try {
      const message = await opts.submit(area.value);
      if (message) say(message);
    } catch (err) {
      error.textContent = err instanceof Error && err.message ? err.message : t.failed;
      area.focus();
    } finally {
      go.disabled = false;
    }
  });
  return { f, area };
}

function openNew(
  page: HTMLElement,
  point: { x: number; y: number },
  at: { clientX: number; clientY: number },
) {
  draftPin?.remove();
  draftPin = placed(el('span', { className: 'cm-pin cm-new' }, '+'), point.x, point.y);
  draftPin.setAttribute('aria-hidden', 'true');
  page.append(draftPin);
  const { f, area } = form({
    label: t.yours,
    send: t.send,
    dismiss: t.cancel,
    submit: async (text) => {
      const res = await call('', {
        method: 'POST',
        json: { lang, page: page.id, x: point.x, y: point.y, body: text },
      });
      const c = res.data as TWireComment;
      comments = upsert(comments, c);
      closePanel();
      drawPins();
      return res.message;
    },
  });
  showPanel(at, el('h2', { id: 'cm-h' }, t.newTitle), f);
  area.focus();
}

/** A thread in the panel; `note`: what the server said of the reply just sent. */
function openThread(c: TWireComment, at: { clientX: number; clientY: number }, note?: string) {
  draftPin?.remove();
  draftPin = null;
  const entry = (text: string, author: TWireComment['author'], created: string) =>
    el(
      'li',
      {},
      el(
        'span',
        { className: 'cm-who' },
        `${author.name} · ${when(created)}`,
        ...(author.kind === 'CREATOR' ? [el('span', { className: 'cm-tag' }, t.creator)] : []),
      ),
      el('p', { className: 'cm-txt' }, text),
    );
  const heading = el('h2', { id: 'cm-h' }, t.comment.replace('{n}', String(c.number)));
  if (c.resolved_at) heading.append(el('span', { className: 'cm-tag' }, t.resolved));
  const { f } = form({
    label: t.reply,
    send: t.sendReply,
    dismiss: t.close,
    submit: async (text) => {
      const res = await call(`/${c.id}/replies`, { method: 'POST', json: { body: text } });
      const fresh = res.data as TWireComment;
      comments = upsert(comments, fresh);
      drawPins();
      openThread(fresh, at, res.message);
      dialog.querySelector('textarea')?.focus();
      return undefined;
    },
  });
  showPanel(
    at,
    heading,
    el(
      'ol',
      {},
      entry(c.body, c.author, c.created_at),
      ...c.replies.map((r) => entry(r.body, r.author, r.created_at)),
    ),
    f,
  );
  // Announced once the new panel is in place (a live region must exist before its text changes).
  const done = el('p', { className: 'cm-ok' });
  done.setAttribute('role', 'status');
  dialog.append(done);
  if (note)
    setTimeout(() => {
      done.textContent = note;
    }, 50);
}

// --- comment mode and clicks ------------------------------------------------------------------

/** The page in view: the one under the middle of the grid. */
const pageInView = () => {
  const grid = doc.querySelector('.gr')?.getBoundingClientRect();
  if (!grid) return null;
  const cx = grid.left + grid.width / 2;
  const cy = grid.top + grid.height / 2;
  for (const page of doc.querySelectorAll<HTMLElement>('.pg')) {
    const r = page.getBoundingClientRect();
    if (cx >= r.left && cx < r.right && cy >= r.top && cy < r.bottom) return page;
  }
  return null;
};

toggle.addEventListener('click', (e) => {
  on = !on;
  toggle.setAttribute('aria-pressed', String(on));
  body.classList.toggle('cm-on', on);
  say(on ? t.hint : t.off);
  // From the keyboard (no pointer to point with): the form opens on the middle of the page in view.
  if (on && e.detail === 0) {
    const page = pageInView();
    if (!page) return;
    const r = page.getBoundingClientRect();
    openNew(page, { x: 500, y: 500 }, { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
  }
});

resolvedBox.addEventListener('change', () => {
  showResolved = resolvedBox.checked;
  drawPins();
});

// Captured before the page's own handlers: in comment mode a click on a page is a comment there
// (not a link, a button or a tap of the page); a pin opens its thread in either mode.
doc.addEventListener(
  'click',
  (e) => {
    const target = e.target as HTMLElement;
    if (dialog.contains(target) || bar.contains(target)) return;
    const pin = target.closest<HTMLElement>('.cm-pin');
    if (pin?.dataset.comment) {
      e.preventDefault();
      e.stopPropagation();
      const c = comments.find((x) => x.id === pin.dataset.comment);
      const r = pin.getBoundingClientRect();
      if (c) openThread(c, { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
      return;
    }
    if (!on) return;
    const page = target.closest<HTMLElement>('.pg');
    if (!page) return;
    const point = pointIn(page.getBoundingClientRect(), e.clientX, e.clientY);
    if (!point) return;
    e.preventDefault();
    e.stopPropagation();
    openNew(page, point, e);
  },
  true,
);

call('').then(
  (res) => {
    comments = Array.isArray(res.data) ? (res.data as TWireComment[]) : [];
    drawPins();
  },
  (err: Error) => say(err.message === t.failed ? t.loadFailed : err.message),
);
