// Bringing a field of the editor's form to the creator, for the live canvas (a click on a text
// there selects its field): the inputs bound to the document carry their dotted path as
// `data-path` (useField, useToggle).

/**
 * Focuses the input of the field at `path` (or, when it has none, the first shown under it: a
 * product's first field for `...products.1`) and scrolls it to the middle of the window. False
 * when the form does not show it (a field of another tab, a closed section).
 */
export function focusField(path: string, root: ParentNode = document): boolean {
  const shown = (el: HTMLElement) => el.getClientRects().length > 0 && !el.closest('[inert]');
  const first = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)].find(shown);
  const target =
    first(`[data-path="${CSS.escape(path)}"]`) ?? first(`[data-path^="${CSS.escape(`${path}.`)}"]`);
  if (!target) return false;
  // Scrolling first: focus() would jump there at once, the smooth scroll shows where it went.
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}
