// Loaded with `node --import` into the measured server when BENCH_CPU_PROF_DIR is set (bench/identity-server.ts):
// --cpu-prof itself is refused in NODE_OPTIONS, so the profiler is started through the inspector, and the profile is
// written when the process exits (the in-thread session answers synchronously, so an exit handler can still write).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
