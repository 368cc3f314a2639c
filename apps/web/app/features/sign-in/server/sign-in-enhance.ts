import { browserHasPasskeys, signWithPasskey } from '~/auth/passkeys';
import { solveToPayload } from '~/bot-check/bot-check-solver';
import {
  answerWithPasskey,
  getBotCheckChallenge,
  getPasskeyOptions,
} from './api/step-enhancement-calls';

// What script adds to the server-rendered sign-in steps (decision 0286). Every step works
// without it; with it, focus goes where a screen reader should start, the bot check is solved
// in the page, a passkey can answer the second factor (the one thing that needs script), and
// the badge step's camera reads a card's QR code.

const main = document.querySelector<HTMLElement>('main');

/** After a failed post the summary, after a step's change its heading (the page says which). */
function moveFocus() {
  const target = main?.dataset['focus'];
  const element =
    target === 'summary'
      ? document.getElementById('error-summary')
      : target === 'heading'
        ? main?.querySelector('h1')
        : null;
  element?.focus();
}

/** The proof of work of the bot check, solved here; its payload goes with the form. */
async function solveBotCheck(box: HTMLElement) {
  const form = box.closest('form');
  const status = box.querySelector<HTMLElement>('[data-bot-check-status]');
  const challenge = box.dataset['challenge'];
  if (!form || !status || !challenge) return;
  status.textContent = box.dataset['working'] ?? '';
  try {
    const payload = await solveToPayload(await getBotCheckChallenge(challenge));
    if (!payload) throw new Error('no solution');
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'altcha';
    input.value = payload;
    form.append(input);
    status.textContent = box.dataset['verified'] ?? '';
  } catch {
    status.textContent = box.dataset['failed'] ?? '';
  }
}

/** The passkey's button, shown where the browser has passkeys; its answer ends the step. */
function offerPasskey(box: HTMLElement) {
  const use = box.querySelector<HTMLButtonElement>('[data-passkey-use]');
  const path = box.dataset['options'];
  if (!use || !path || !browserHasPasskeys()) return;
  const show = (name: string | null) => {
    for (const refusal of box.querySelectorAll<HTMLElement>('[data-refusal]'))
      refusal.hidden = refusal.dataset['refusal'] !== name;
  };
  box.querySelector<HTMLElement>('[data-passkey-needs-script]')?.setAttribute('hidden', '');
  use.hidden = false;
  use.addEventListener('click', () => {
    show(null);
    use.disabled = true;
    const label = use.textContent;
    use.textContent = use.dataset['waiting'] ?? label;
    void (async () => {
      try {
        const signed = await signWithPasskey(await getPasskeyOptions(path));
        if (!signed.ok) {
          show(signed.refusal === 'declined' ? 'declined' : 'failed');
          return;
        }
        const result = await answerWithPasskey(path, signed.response);
        if (result.redirectTo) window.location.assign(result.redirectTo);
        else window.location.reload();
      } catch {
        show('failed');
      } finally {
        use.disabled = false;
        use.textContent = label;
      }
    })();
  });
}

moveFocus();
const botCheck = document.querySelector<HTMLElement>('[data-bot-check]');
if (botCheck) void solveBotCheck(botCheck);
const passkey = document.querySelector<HTMLElement>('[data-passkey]');
if (passkey) offerPasskey(passkey);
// The badge step's camera, loaded only on that step.
const badgeCamera = document.querySelector<HTMLElement>('[data-badge-camera]');
if (badgeCamera)
  void import('./badge-camera').then(({ startBadgeCamera }) => startBadgeCamera(badgeCamera));
