// The body of the worker thread that reads an uploaded letter (letter-check.ts starts it). It
// runs under tsx and under Node's own type stripping (vitest's workers have no tsx), so it
// imports packages and types only: a relative runtime import would need a file extension.
import { parentPort, workerData } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { getDocumentProxy } from 'unpdf';
import type { LetterCheckInput, LetterCheckOutput } from './letter-check';

// Names of active content (ISO 32000-1, 12.6): JavaScript actions, trigger events that run
// actions (/AA), and launching a program. A letter needs none of them.
const ACTIVE_NAMES = ['JS', 'JavaScript', 'AA', 'Launch'];
// A name may spell any character as #xx (7.3.5), so `/J#53` is `/JS`.
const activeName = new RegExp(
  `/(?:${ACTIVE_NAMES.map((name) =>
    [...name].map((char) => `(?:${char}|#${char.charCodeAt(0).toString(16)})`).join(''),
  ).join('|')})(?=[\\s/<>\\[\\]()%{}]|$)`,
  'i',
);
const STREAM_START = /\bstream[ \t]*(?:\r\n|\r|\n)/g;
// Streams the parser must inflate to find objects: object streams (which it reads by /N and
// /First whatever their /Type says) and cross-reference streams.
const STRUCTURAL = /\/(?:Type\s*\/(?:ObjStm|XRef)|N\b[\s\S]*\/First\b|First\b[\s\S]*\/N\b|W\s*\[)/;
const FLATE_ONLY = /\/Filter\s*(?:\/FlateDecode|\[\s*(?:\/FlateDecode\s*)+\])/;

class Refused extends Error {}

/**
 * What the bytes say outside stream data, plus the inflated object and cross-reference streams,
 * whose inflated size counts against the budget. Dictionaries inside object streams are read
 * too, so active content cannot hide there. A stream this cannot inflate (another filter, an
 * encrypted file) is left to the parser, behind the worker's memory limits.
 */
function readableText(pdf: string, inflatedBudget: number): string[] {
  const parts: string[] = [];
  let budget = inflatedBudget;
  let from = 0;
  for (const match of pdf.matchAll(STREAM_START)) {
    if (match.index < from) continue;
    const dataStart = match.index + match[0].length;
    const end = pdf.indexOf('endstream', dataStart);
    if (end < 0) break;
    const dictionary = pdf.slice(Math.max(from, pdf.lastIndexOf('obj', match.index)), match.index);
    parts.push(pdf.slice(from, match.index));
    from = end;
    if (!STRUCTURAL.test(dictionary)) continue;
    if (!/\/Filter\b/.test(dictionary)) {
      parts.push(pdf.slice(dataStart, end));
      continue;
    }
    if (!FLATE_ONLY.test(dictionary)) continue;
    let data = Buffer.from(pdf.slice(dataStart, end), 'latin1');
    const layers = dictionary.match(/\/FlateDecode/g)?.length ?? 0;
    try {
      for (let layer = 0; layer < layers; layer += 1) {
        data = inflateSync(data, { maxOutputLength: Math.max(1, budget) });
        budget -= data.length;
      }
    } catch (error) {
      if (error instanceof RangeError) throw new Refused('inflated past the budget');
      continue;
    }
    parts.push(data.toString('latin1'));
  }
  parts.push(pdf.slice(from));
  return parts;
}

async function pageCount({ bytes, limits }: LetterCheckInput): Promise<number | null> {
  try {
    const text = readableText(Buffer.from(bytes).toString('latin1'), limits.inflatedBytes);
    if (text.some((part) => activeName.test(part))) return null;
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
  try {
    const document = await getDocumentProxy(bytes, {
      stopAtErrors: true,
      isEvalSupported: false,
      verbosity: 0,
    });
    try {
      if (document.numPages < 1 || document.numPages > limits.pages) return null;
      // The parser's own view of actions, for what the text scan could not read (an encrypted
      // object stream): the document's open action and name tree, and each page's triggers.
      if (await document.getJSActions()) return null;
      for (let number = 1; number <= document.numPages; number += 1) {
        const page = await document.getPage(number);
        if (await page.getJSActions()) return null;
      }
      return document.numPages;
    } finally {
      await document.destroy();
    }
  } catch {
    return null;
  }
}

const output: LetterCheckOutput = { pages: await pageCount(workerData as LetterCheckInput) };
parentPort?.postMessage(output);
