// The badge step's camera (decision 0295): it reads the card's QR code and posts its text with
// the step's own form. The browser's barcode detector where it has one; else the decoder
// module, loaded only now. Every failure says so in the live status line and leaves the typed
// short code, which is always on the page.

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

type DetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/** How often a frame is read: often enough to feel instant, rarely enough for a slow tablet. */
const READ_EVERY_MS = 250;

/** The browser's own detector when it reads QR codes; undefined when it has none. */
async function nativeReader(): Promise<Reader | undefined> {
  const Detector = (window as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return undefined;
  }
}

/** Which message a refused `getUserMedia` earns: no camera, refused, or another failure. */
function cameraFailure(error: unknown): 'noCamera' | 'refused' | 'failed' {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

export function startBadgeCamera(box: HTMLElement): void {
  const status = box.querySelector<HTMLElement>('[data-badge-status]');
  const toggle = box.querySelector<HTMLButtonElement>('[data-badge-start]');
  const view = box.querySelector<HTMLElement>('[data-badge-view]');
  const video = box.querySelector<HTMLVideoElement>('[data-badge-video]');
  const form = box.querySelector<HTMLFormElement>('form[data-badge-qr]');
  const field = form?.querySelector<HTMLInputElement>('input[name="qr"]');
  if (!status || !toggle || !view || !video || !form || !field) return;
  const say = (key: string) => {
    status.textContent = box.dataset[key] ?? '';
  };

  let stream: MediaStream | null = null;
  let reading = false;

  const stop = () => {
    reading = false;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    video.srcObject = null;
    view.hidden = true;
    toggle.textContent = box.dataset['start'] ?? '';
  };

  async function readFrames(read: Reader) {
    while (reading) {
      // A frame the reader cannot take (the video not yet playing) is one without a code.
      const text = await read(video!).catch(() => null);
      if (text && reading) {
        say('found');
        stop();
        field!.value = text;
        form!.submit();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
    }
  }

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      say('noCamera');
      return;
    }
    say('starting');
    try {
      // The back camera of a phone or tablet where there is one; a laptop's own camera else.
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (error) {
      say(cameraFailure(error));
      toggle!.hidden = false;
      return;
    }
    video!.srcObject = stream;
    view!.hidden = false;
    toggle!.hidden = false;
    toggle!.textContent = box.dataset['stop'] ?? '';
    await video!.play().catch(() => undefined);
    let read = await nativeReader();
    if (!read) {
      say('loadingReader');
      try {
        read = (await import('./badge-qr-reader')).readQrCode;
      } catch {
        stop();
        say('readerFailed');
        return;
      }
    }
    say('looking');
    reading = true;
    void readFrames(read);
  }

  toggle.addEventListener('click', () => {
    if (stream) {
      stop();
      status.textContent = '';
    } else void start();
  });
  // The child chose the card on the page before: the camera starts at once. After a refused
  // card it waits for a tap, or it would read the same card again and again.
  if (document.querySelector('main')?.dataset['focus'] === 'summary') {
    status.textContent = '';
    toggle.hidden = false;
  } else void start();
}
