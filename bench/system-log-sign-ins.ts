// What recording System Log events costs a whole sign-in, end to end (issue #13: sign-ins/s with recording on within
// 5 % of off). The real server on PGlite, started alternately with the System Log on (the default) and off
// (IDP_LOG_RETENTION_DAYS=0: nothing is recorded), the same sign-in benchmark each time. Rounds alternate the order
// (on, off, then off, on) so a machine that slows or speeds up over the run does not favour one side. Reported: the
// median sign-ins/s and server CPU per sign-in of each side, and the share recording costs (budget 5 %). Part of
// `npm run bench`; alone: `npx tsx bench/system-log-sign-ins.ts [rounds]`.
import { benchSignIns } from './identity-load';
import { startServerWithBenchPeople } from './identity-server';
import { figure, type Figure } from './support';

const PEOPLE = 60;
type Side = 'on' | 'off';
const envOf: Record<Side, Record<string, string>> = { on: {}, off: { IDP_LOG_RETENTION_DAYS: '0' } };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

async function measure(side: Side) {
  const server = await startServerWithBenchPeople(PEOPLE, 'pglite', envOf[side]);
  try {
    const figures = await benchSignIns(server);
    const rate = figures.find((f) => f.unit === 'sign-ins/s')?.value;
    const cpu = figures.find((f) => f.name.includes('server CPU per operation'))?.value;
    if (rate === undefined) throw new Error('the sign-in benchmark answered no rate');
    return { rate, cpu: cpu ?? null };
  } finally {
    await server.stop();
  }
}

export async function benchSystemLogSignIns(rounds = 2): Promise<Figure[]> {
  const rates: Record<Side, number[]> = { on: [], off: [] };
  const cpus: Record<Side, number[]> = { on: [], off: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: Side[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const side of order) {
      const { rate, cpu } = await measure(side);
      rates[side].push(rate);
      if (cpu !== null) cpus[side].push(cpu);
    }
  }
  const rate = { on: median(rates.on), off: median(rates.off) };
  const figures = [
    figure('sign-ins/s on PGlite, System Log recording on (median)', round1(rate.on), 'sign-ins/s', null, rates.on),
    figure('sign-ins/s on PGlite, System Log recording off (median)', round1(rate.off), 'sign-ins/s', null, rates.off),
    figure(
      'sign-ins/s lost to System Log recording (off − on) / off',
      round1(((rate.off - rate.on) / rate.off) * 100),
      '%',
      5,
    ),
  ];
  if (cpus.on.length > 0 && cpus.off.length > 0) {
    const cpu = { on: median(cpus.on), off: median(cpus.off) };
    figures.push(
      figure('server CPU per sign-in, recording on (median)', round1(cpu.on), 'ms', null, cpus.on),
      figure('server CPU per sign-in, recording off (median)', round1(cpu.off), 'ms', null, cpus.off),
      figure('server CPU per sign-in added by recording', round1(((cpu.on - cpu.off) / cpu.off) * 100), '%', 5),
    );
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 2);
  for (const f of await benchSystemLogSignIns(rounds)) {
    console.log(`${f.name}: ${f.value} ${f.unit}${f.samples ? `  [${f.samples.join(', ')}]` : ''}`);
  }
}
