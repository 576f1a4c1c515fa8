// Main-thread CPU time of a page from Chromium's own trace: on a busy machine the renderer is often descheduled, so wall
// time says as much about the machine as about the page; thread time (`tdur`) is the page's own cost.
import type { CDPSession } from 'playwright-core';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  tid: number;
  pid: number;
  dur?: number;
  tdur?: number;
};

/**
 * Top-level units of main-thread work: a task the scheduler ran, or the microtask checkpoint Blink runs after one (a
 * promise continuation — React's render of an answer — runs there, outside the task's own event).
 */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);

export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    categories: 'toplevel,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const complete = new Promise<void>((resolve) => {
      cdp.once('Tracing.tracingComplete', () => {
        resolve();
      });
    });
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/**
 * The CPU time (ms) the page's main thread spent in tasks that started between two `performance.mark`s the page made
 * (the marks' thread is the page's main thread), or from `fromOffsetMs` before the second mark when only one is given.
 */
export function mainThreadCpu(events: TraceEvent[], endMark: string, from: { mark: string } | { msBefore: number }) {
  const end = events.find((event) => event.name === endMark);
  if (end === undefined) throw new Error(`the trace has no mark ${endMark}`);
  let startTs: number;
  if ('mark' in from) {
    const start = events.find((event) => event.name === from.mark);
    if (start === undefined) throw new Error(`the trace has no mark ${from.mark}`);
    startTs = start.ts;
  } else {
    startTs = end.ts - from.msBefore * 1000;
  }
  const tasks = events
    .filter((event) => event.ph === 'X' && event.tid === end.tid && event.pid === end.pid && TASK_NAMES.has(event.name))
    .filter((event) => event.ts >= startTs && event.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts);
  if (tasks.length === 0) throw new Error(`the trace has no main-thread task before ${endMark} in the window`);
  let cpu = 0;
  let wall = 0;
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    // A task run inside another one (a nested loop) is already in its parent's time.
    if (task.ts < coveredUntil) continue;
    coveredUntil = task.ts + (task.dur ?? 0);
    cpu += task.tdur ?? 0;
    wall += task.dur ?? 0;
  }
  return { cpuMs: cpu / 1000, wallMs: wall / 1000 };
}
