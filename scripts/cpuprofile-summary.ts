/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=<dir> npm run bench`):
 * self time by package / source file and the top functions, so a bench run says where our
 * server spends its CPU (docs/performance.md, "Profile").
 *
 *   npx tsx scripts/cpuprofile-summary.ts <file.cpuprofile> [--top N]
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) {
  console.error('Usage: npx tsx scripts/cpuprofile-summary.ts <file.cpuprofile> [--top N]');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
let total = 0;
for (const v of self.values()) total += v;

/** node_modules/<pkg> (scoped too), our source folder, or node's internals. */
function groupOf(url: string, fn: string): string {
  if (!url) return fn === '(idle)' || fn === '(program)' || fn === '(garbage collector)' ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  const bench = url.indexOf('/bench/');
  if (bench >= 0) return url.slice(bench + 1);
  return url;
}

const groups = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const g = groupOf(url, functionName);
  groups.set(g, (groups.get(g) ?? 0) + t);
  const key = `${functionName || '(anonymous)'} ${g}:${lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
const busy = total - (groups.get('(idle)') ?? 0);
const pct = (t: number, of: number) => `${((100 * t) / of).toFixed(1)}%`.padStart(6);
console.log(`total ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (percentages of busy time)\n`);
console.log('self time by package / file:');
for (const [g, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (g === '(idle)') continue;
  console.log(`${pct(t, busy)}  ${g}`);
}

// Inclusive time of chosen functions (`--inclusive name,name`): each sample counted once per name
// on its stack.
const incIndex = process.argv.indexOf('--inclusive');
if (incIndex > 0) {
  const names = (process.argv[incIndex + 1] ?? '').split(',').filter(Boolean);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inc = new Map<string, number>(names.map((x) => [x, 0]));
  for (const [id, t] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const fn = byId.get(cur)?.callFrame;
      if (!fn) break;
      for (const name of names) {
        const [want, where] = name.split('@');
        if (fn.functionName === want && (!where || fn.url.includes(where)) && !seen.has(name)) {
          seen.add(name);
          inc.set(name, (inc.get(name) ?? 0) + t);
        }
      }
    }
  }
  console.log('\ninclusive:');
  for (const [name, t] of inc) console.log(`${pct(t, busy)}  ${name}`);
}
console.log('\ntop functions (self):');
for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (f.startsWith('(idle)')) continue;
  console.log(`${pct(t, busy)}  ${f}`);
}
