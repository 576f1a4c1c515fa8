// The password rule's cost on the server (issue 34 §1 budget: ≤ 5 ms per password): `passwordVerdict` as the portal's
// boundary and the identity provider run it — the composition policy, the person's own words, the list of common and
// breached passwords — over a mix of passwords (common, breached, own-name, strong, a 200-character one), one check
// timed at a time. Reported beside it: building the list on first use (once per process).
import { performance } from 'node:perf_hooks';
import { passwordVerdict } from '@contracts/forms/password';
import { breachedPasswords } from '@contracts/forms/password-list';
import { figure, type Figure } from './support';

const ROUNDS = 400;
const owner = {
  login: 'ACME__maria.lopez@acme.test',
  email: 'maria.lopez@acme.test',
  names: ['María', 'López'],
  client: ['Acme Health', 'acme', 'ACME'],
};
const passwords = [
  'Password123!',
  'Chinacat77',
  'Lopez-Garden-8',
  'Quiet-Harbour-Lantern-58',
  'P@ssw0rd1!',
  'Ab1-'.repeat(50),
];

export function benchPasswordCheck(): Figure[] {
  const started = performance.now();
  const list = breachedPasswords();
  const build = performance.now() - started;
  // Per password: the mean of ROUNDS checks in a row (a single check takes microseconds, below the clock's use on a
  // shared machine); the figure is the costliest password of the mix. Single checks are timed too, for their p99.
  const means: number[] = [];
  for (const password of passwords) {
    const at = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) passwordVerdict(password, owner, list);
    means.push((performance.now() - at) / ROUNDS);
  }
  const singles: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1)
    for (const password of passwords) {
      const at = performance.now();
      passwordVerdict(password, owner, list);
      singles.push(performance.now() - at);
    }
  const p99 = [...singles].sort((a, b) => a - b)[Math.floor(singles.length * 0.99)] ?? NaN;
  const round3 = (ms: number) => Math.round(ms * 1000) / 1000;
  return [
    figure(
      'password rule, one check, costliest password of the mix (server, mean)',
      round3(Math.max(...means)),
      'ms',
      5,
    ),
    figure('password rule, one check, single checks p99 (server)', round3(p99), 'ms', null),
    figure('password list, built on first use (once per process)', Math.round(build * 10) / 10, 'ms', null),
  ];
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const f of benchPasswordCheck())
    console.log(`${f.name}: ${String(f.value)} ${f.unit} (budget ${String(f.budget)})`);
}
