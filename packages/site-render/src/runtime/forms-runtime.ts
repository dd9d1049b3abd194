// The visitor pages' runtime (plain forms, enhanced). The forms work without it; this
// lets a press post once (the button waits while the page is sent) and takes a field's message
// away as soon as the visitor corrects that field.

const buttons = () => document.querySelectorAll<HTMLButtonElement>('form button[type=submit]');

document.addEventListener('submit', (e) => {
  // The visit this tab came from (left by the published page): the conversion is counted for it.
  try {
    const visit = sessionStorage.getItem('swipe_visit');
    const form = e.target as HTMLFormElement;
    if (visit && !form.elements.namedItem('_v')) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = '_v';
      input.value = visit;
      form.append(input);
    }
  } catch {}
  const button = (e.target as HTMLFormElement).querySelector<HTMLButtonElement>('button[type=submit]');
  if (!button) return;
  if (button.disabled) return e.preventDefault();
  // After this handler: disabling first would keep the button's own submission from happening.
  setTimeout(() => {
    button.disabled = true;
    if (button.dataset.sending) button.textContent = button.dataset.sending;
  });
});

document.addEventListener('input', (e) => {
  const field = (e.target as HTMLElement).closest('[aria-invalid]');
  if (!field) return;
  field.removeAttribute('aria-invalid');
  const id = field.getAttribute('aria-describedby');
  if (id) document.getElementById(id)?.remove();
});

// Back to a page kept in the browser's cache: its buttons work again.
addEventListener('pageshow', (e) => {
  if (!e.persisted) return;
  for (const b of buttons()) {
    b.disabled = false;
    if (b.dataset.label) b.textContent = b.dataset.label;
  }
});
