/**
 * What a visitor types or picks in a prerendered form before the page's script has hydrated it.
 *
 * React 19 leaves such values in the DOM while it hydrates, but its state does not know them: the
 * next render of a controlled field (the birth-date selects) puts the rendered value back. So the
 * values are recorded from the start, and once the page has hydrated each is handed to React as
 * the change event its handlers listen for (docs/decisions/0216-react-dom-renderer.md).
 */
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const UNTYPED_INPUTS = new Set([
  'button',
  'checkbox',
  'file',
  'hidden',
  'image',
  'radio',
  'reset',
  'submit',
]);

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !UNTYPED_INPUTS.has(target.type));

const differsFromMarkup = (control: Control) =>
  control instanceof HTMLSelectElement
    ? [...control.options].some((option) => option.selected !== option.defaultSelected)
    : control.value !== control.defaultValue;

const earlyValues = new Map<Control, string>();
let recording = false;
let pageHydrated = false;

/** React marks each element it has hydrated (or rendered) with a property of this prefix. */
const hydrated = (control: Control) =>
  Object.keys(control).some((key) => key.startsWith('__reactFiber$'));

const record = (event: Event) => {
  if (!recording || !isControl(event.target)) return;
  // Once the page has hydrated, React hears its controls itself; only a part of the page still
  // waiting for its code (load-part.ts) keeps its controls recorded.
  if (pageHydrated && hydrated(event.target)) return;
  earlyValues.set(event.target, event.target.value);
};

/** Starts recording, before hydration: what the controls hold already, then every edit. */
export function recordEarlyInput(root: Document = document) {
  recording = true;
  pageHydrated = false;
  for (const control of root.querySelectorAll('input, select, textarea')) {
    if (isControl(control) && differsFromMarkup(control)) earlyValues.set(control, control.value);
  }
  root.addEventListener('input', record, { capture: true });
  root.addEventListener('change', record, { capture: true });
}

/**
 * Gives the recorded values to the hydrated components, in the order they were made. React tracks
 * an input's last known value on the element itself: it is set to the markup's value through that
 * record, and the visitor's value past it, so the event below reads as the change it is. Called
 * once the page has hydrated, and again by each part that hydrates later, once it has: a control
 * React has not hydrated yet keeps its value for that call.
 */
export function restoreEarlyInput() {
  if (!recording) return;
  pageHydrated = true;
  for (const [control, value] of earlyValues) {
    if (control.isConnected && !hydrated(control)) continue;
    earlyValues.delete(control);
    if (!control.isConnected) continue;
    if (control instanceof HTMLSelectElement) {
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
    control.value = control.defaultValue;
    setValue?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
