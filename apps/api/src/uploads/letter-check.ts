import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import { createWorkSlots } from '../http/work-slots';

// A PDF ends with its end-of-file marker (ISO 32000-1, 7.5.5), followed by at most a line end;
// a file cut short in transit lost it. Some writers pad a little, so the tail is searched.
const EOF_MARKER = Buffer.from('%%EOF');
const TAIL_BYTES = 1024;

/** How much one letter may take from the server (decision 0238 says why these numbers). */
export type LetterLimits = {
  /** Pages a letter may have; a longer file is refused before its pages are read. */
  pages: number;
  /** Bytes the object and cross-reference streams may inflate to, all together. */
  inflatedBytes: number;
  /** The worker's JavaScript heap, in MiB (Worker `resourceLimits`). */
  heapMb: number;
  /** The worker's buffers outside that heap (decoded streams live there), in bytes. */
  bufferBytes: number;
  /** Time from starting the worker to its answer, in milliseconds. */
  deadlineMs: number;
};

export const LETTER_LIMITS: LetterLimits = {
  pages: 50,
  inflatedBytes: 16 * 1024 * 1024,
  heapMb: 96,
  bufferBytes: 64 * 1024 * 1024,
  deadlineMs: 5_000,
};

/** What the worker is given and answers (letter-check-worker.ts). */
export type LetterCheckInput = { bytes: Uint8Array; limits: LetterLimits };
export type LetterCheckOutput = { pages: number | null };

const WORKER_FILE = new URL('./letter-check-worker.ts', import.meta.url);
// Buffers are looked at this often; a decoder inflating between two looks adds a few MiB.
const BUFFER_POLL_MS = 20;

/**
 * Reads the letter in a worker thread: a PDF parser on the main thread would hold every other
 * request while it walks thousands of pages or inflates a bomb. The worker is new for each
 * letter (nothing of one file stays for the next) and is ended past any limit.
 */
function pagesInWorker(bytes: Buffer, limits: LetterLimits): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const input: LetterCheckInput = { bytes: new Uint8Array(bytes), limits };
    const worker = new Worker(WORKER_FILE, {
      workerData: input,
      // Node's own type stripping loads the file: tsx's loader, inherited from `npm start`,
      // would add a second or more to each worker's start.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    let answer: number | null = null;
    let failure: unknown;
    const end = () => void worker.terminate();
    const deadline = setTimeout(end, limits.deadlineMs);
    // resourceLimits bound the JavaScript heap only: array buffers (where a parser keeps what
    // it inflated) are not counted there, so they are watched from here.
    let watch: NodeJS.Timeout | undefined;
    const look = () => {
      worker.getHeapStatistics().then(
        (heap) => {
          if (heap.external_memory > limits.bufferBytes) end();
          else watch = setTimeout(look, BUFFER_POLL_MS);
        },
        // Not running any more: its exit settles the answer.
        () => undefined,
      );
    };
    worker.once('online', look);
    worker.once('message', (output: LetterCheckOutput) => {
      answer = output.pages;
    });
    worker.once('error', (error: Error & { code?: string }) => {
      // Past its heap the file is refused; anything else is our fault, not the file's.
      if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') failure = error;
    });
    worker.once('exit', () => {
      clearTimeout(deadline);
      clearTimeout(watch);
      if (failure) reject(failure);
      else resolve(answer);
    });
  });
}

type Options = {
  limits?: LetterLimits;
  /** Letters read at once. Each takes a core while it runs: on a two-core machine one leaves
   *  the other to every other request. */
  concurrency?: number;
  /** Letters waiting beyond this are refused (503) rather than queued behind a deadline each. */
  maxWaiting?: number;
};

/** The check an uploaded letter passes before it is kept, bounded in pages, memory and time. */
export function createLetterCheck({
  limits = LETTER_LIMITS,
  concurrency = 1,
  maxWaiting = 4,
}: Options = {}) {
  const withSlot = createWorkSlots({ concurrency, maxWaiting });

  return {
    /**
     * The number of pages of a PDF, or null when the bytes are not a letter we keep: the
     * content must say PDF (its signature, whatever the file's name), end as a PDF ends, carry
     * no active content (JavaScript, trigger actions, launching a program) and open in a PDF
     * parser with every page readable, within the limits.
     */
    async pages(bytes: Buffer): Promise<number | null> {
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'application/pdf') return null;
      if (!bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).includes(EOF_MARKER)) {
        return null;
      }
      return withSlot(() => pagesInWorker(bytes, limits));
    },
  };
}
export type LetterCheck = ReturnType<typeof createLetterCheck>;
