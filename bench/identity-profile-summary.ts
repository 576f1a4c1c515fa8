// Summarises a V8 CPU profile (BENCH_CPU_PROF_DIR, bench/identity-server.ts): the functions with the most self time,
// and self time by package (node_modules/<name>) or by our own top folder. `npx tsx bench/identity-profile-summary.ts
// <file.cpuprofile> [top]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package> (scoped too), our own folder, node:internal, or V8's own entries such as (garbage collector). */
function owner(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith('node:')) return 'node:internal';
  const ours = /\/(server|src|bench|tests)\/([^/]+)/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

export function summariseProfile(profile: Profile, top = 25) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.replace(/^.*\/(node_modules|server|src|bench|tests)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'} ${file}:${String(frame.lineNumber + 1)}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const who = owner(frame.url, frame.functionName);
    byOwner.set(who, (byOwner.get(who) ?? 0) + us);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([key, us]) =>
          `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`,
      );
  return { totalMs: total / 1000, functions: rows(byFunction), owners: rows(byOwner) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: identity-profile-summary.ts <file.cpuprofile> [top]');
  const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(top ?? 25));
  console.log(`sampled ${summary.totalMs.toFixed(0)} ms\n\nself time by package or folder:`);
  console.log(summary.owners.join('\n'));
  console.log('\nself time by function:');
  console.log(summary.functions.join('\n'));
}
