/** What the wall's diagnostic benches read from Chromium: a Chrome trace's events and a sampled script profile (CDP Profiler). */

export interface TTraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface TCallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface TProfile {
  nodes: Array<{ id: number; children?: number[]; callFrame: TCallFrame }>;
  samples?: number[];
  timeDeltas?: number[];
}

const frameName = (f: TCallFrame) =>
  f.functionName.startsWith('(') && !f.url ? f.functionName : `${f.functionName || '(anon)'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;

/**
 * Self time (ms) by function (minified names: name@file:line:column), '(idle)' and '(program)' as
 * such; a native function is named with its caller (which setAttribute, which removeChild).
 */
export function selfTimeByFunction(profile: TProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const caller = !f.url && !f.functionName.startsWith('(') && parent.has(id) ? byId.get(parent.get(id)!)!.callFrame : null;
    const key = caller ? `${f.functionName || '(native)'} < ${frameName(caller)}` : frameName(f);
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return out;
}

/** The main thread's script time: the self times less '(idle)'. */
export const busyOnly = (self: Map<string, number>) => new Map([...self].filter(([k]) => k !== '(idle)'));

/** The top `n` of a self-time map, one indented line each ("   12.3 ms  name"). */
export const topLines = (self: Map<string, number>, n: number, indent = '  ') =>
  [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${indent}${ms.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

/** The page's renderer main thread in a Chrome trace: the one that ran the most script (about:blank's ran none). */
export function rendererMain<T extends TTraceEvent>(events: T[]): T | undefined {
  const scriptTime = (t: T) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'FunctionCall').reduce((sum, e) => sum + (e.dur ?? 0), 0);
  return events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').sort((a, b) => scriptTime(b) - scriptTime(a))[0];
}

/** Self time (ms) of one thread's complete slices by `label`: each slice's duration less its children's (nested time counted once, in its innermost slice). */
export function selfTimeBySlice<T extends TTraceEvent>(slices: T[], label: (e: T) => string = (e) => e.name): Map<string, number> {
  const self = new Map<string, number>();
  const stack: T[] = [];
  for (const e of [...slices].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(label(parent), (self.get(label(parent)) ?? 0) - e.dur! / 1000);
    self.set(label(e), (self.get(label(e)) ?? 0) + e.dur! / 1000);
    stack.push(e);
  }
  return self;
}
