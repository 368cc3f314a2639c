import { readFileSync } from 'node:fs';

// Where a server's main thread spends its time, by the layer the portal adds, from a V8 CPU
// profile (`node --cpu-prof`). Each sample is given to the first layer below that has a frame
// anywhere on its stack, so the HMAC under the token counts as the token and the zod under the
// router counts as validation; what no layer claims is Fastify and Node's HTTP itself, which the
// floor server has as well.

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

type Layer = { name: string; claims: (frame: CallFrame) => boolean };

const inFile =
  (...parts: string[]) =>
  (frame: CallFrame) =>
    parts.some((part) => frame.url.includes(part));

/** In order: the first layer with a frame on a sample's stack takes the sample. */
export const LAYERS: Layer[] = [
  { name: 'lookup token (HMAC)', claims: inFile('account-lookup/lookup-token') },
  {
    // The target's and the address's HMAC; V8 may inline the audit log's `hash` into its caller,
    // so Node's crypto frames count here too (the token's HMAC is claimed above).
    name: 'keyed hashes (target, address)',
    claims: (frame) =>
      frame.url.startsWith('node:internal/crypto') ||
      (frame.url.includes('audit/audit-log') &&
        ['hash', 'hashAddress', 'hashOrNull'].includes(frame.functionName)),
  },
  { name: 'audit trail', claims: inFile('audit/audit-log', 'audit/audit-repository') },
  { name: 'rate limits', claims: inFile('counters/rate-limit-store') },
  { name: 'toggles and bot check', claims: inFile('feature-toggles/', 'bot-check/') },
  { name: 'validation (zod)', claims: inFile('node_modules/zod/', 'fastify-type-provider-zod') },
  { name: 'logging (pino)', claims: inFile('node_modules/pino', 'logging/logger-options') },
  { name: 'headers (helmet, no-store)', claims: inFile('node_modules/helmet', 'http/no-store') },
  {
    name: 'database (pg, drizzle, statement)',
    claims: inFile('node_modules/pg', 'node_modules/drizzle-orm', 'account-lookup-repository'),
  },
  { name: 'the lookup itself', claims: inFile('account-lookup/', 'registry/name-normalizer') },
  { name: 'garbage collection', claims: (frame) => frame.functionName === '(garbage collector)' },
  { name: 'idle', claims: (frame) => frame.functionName === '(idle)' },
];
const REST = 'HTTP, Fastify and the rest';

/** Whose code a frame runs: a package, a Node module or one of our files; else its name. */
function ownerOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  const packageAt = url.lastIndexOf('node_modules/');
  if (packageAt >= 0) {
    const [scope, name] = url.slice(packageAt + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 3).join('/');
  const ours = url.indexOf('/apps/');
  if (ours >= 0) return url.slice(ours + 1);
  return url || functionName || '(native)';
}

export type LayerCosts = {
  /** Microseconds of the main thread per request, by layer. */
  layers: Map<string, number>;
  /** What no layer claimed, by the owner of the innermost frame with a script. */
  rest: Map<string, number>;
};

/**
 * The main thread's time per request by layer, over the samples taken between `from` and `to`
 * (monotonic microseconds, the clock of `process.hrtime` and of V8's profiles).
 */
export function layerCosts(
  profilePath: string,
  window: { from: number; to: number },
  requests: number,
): LayerCosts {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const classified = new Map<number, { layer: string; owner: string }>();
  const classify = (id: number) => {
    const known = classified.get(id);
    if (known !== undefined) return known;
    const stack: CallFrame[] = []; // innermost first
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      stack.push(byId.get(at)!.callFrame);
    }
    const layer = LAYERS.find((candidate) => stack.some(candidate.claims))?.name ?? REST;
    const owner = ownerOf(stack.find((frame) => frame.url !== '') ?? stack[0]!);
    classified.set(id, { layer, owner });
    return { layer, owner };
  };

  const layers = new Map<string, number>([...LAYERS.map((l) => [l.name, 0] as const), [REST, 0]]);
  const rest = new Map<string, number>();
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i]!;
    time += delta;
    if (time < window.from || time > window.to) continue;
    const { layer, owner } = classify(profile.samples[i]!);
    layers.set(layer, layers.get(layer)! + delta);
    if (layer === REST) rest.set(owner, (rest.get(owner) ?? 0) + delta);
  }
  const sampled = [...layers.values()].reduce((sum, value) => sum + value, 0);
  if (sampled === 0) throw new Error(`no samples of ${profilePath} fall in the measured window`);
  const perRequest = (totals: Map<string, number>) =>
    new Map([...totals].map(([key, micros]) => [key, micros / Math.max(requests, 1)]));
  return { layers: perRequest(layers), rest: perRequest(rest) };
}
