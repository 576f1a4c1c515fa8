// The whole machine's CPU time, from /proc/stat: the server, the load generator (this process), PostgreSQL and
// anything else. A throughput's ceiling on this machine is its cores' time divided by what one operation costs all of
// them together; the server's own CPU (bench/identity-server.ts) is only part of it.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Linux counts /proc/stat in USER_HZ ticks, 100 a second on every architecture Node supports. */
const MS_PER_TICK = 10;

export interface MachineCpu {
  /** CPU time spent working (not idle, not waiting on I/O), all cores, ms. */
  busyMs: number;
  /** Wall time the cores had between the readings, all cores, ms. */
  totalMs: number;
}

/** The machine's counters now, or null where there is no /proc (not Linux). */
export function readMachineCpu(): MachineCpu | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal (guest time is already inside user)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, ticks) => sum + (ticks ?? 0), 0);
    return { busyMs: busy * MS_PER_TICK, totalMs: (busy + (idle ?? 0) + (iowait ?? 0)) * MS_PER_TICK };
  } catch {
    return null;
  }
}

/** What a run of `operations` cost the whole machine, and how busy its cores were meanwhile. */
export function machineCost(before: MachineCpu | null, after: MachineCpu | null, operations: number) {
  if (before === null || after === null || operations === 0) return null;
  const busyMs = after.busyMs - before.busyMs;
  const totalMs = after.totalMs - before.totalMs;
  const perOperationMs = busyMs / operations;
  return {
    perOperationMs,
    /** Share of all cores' time spent working, 0–1. */
    busyShare: totalMs > 0 ? busyMs / totalMs : 0,
    /** Operations per second if every core did nothing else: the ceiling of this mix on this machine. */
    ceilingPerSecond: perOperationMs > 0 ? (availableParallelism() * 1000) / perOperationMs : 0,
  };
}
