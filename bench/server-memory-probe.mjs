// Preloaded into the server process by the soak (NODE_OPTIONS=--import …): appends the process's memory to
// MEMORY_PROBE_FILE every MEMORY_PROBE_MS, one JSON line each, so the bench can follow the heap from outside. Plain
// JavaScript: NODE_OPTIONS imports run before tsx is loaded. Does nothing without MEMORY_PROBE_FILE.
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const every = Number(process.env.MEMORY_PROBE_MS) || 5_000;
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), pid: process.pid, rss, heapUsed, heapTotal, external })}\n`,
    );
  }, every).unref();
}
