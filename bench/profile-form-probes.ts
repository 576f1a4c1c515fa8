// What the profile-form benchmark runs inside the page. Each function is serialised by Playwright and runs in Chromium,
// so it must not close over anything of this module.

/** What the page records for the benchmark (on `window.__bench`). */
export type PageRecord = {
  /** performance.now() (ms from navigation start) when the form's inputs were all in the DOM. */
  inputsAt: number | null;
  /** … and when the frame showing them had been painted. */
  paintedAt: number | null;
  /** Function components that rendered in each React commit: all of them, and those of one field. */
  commits: { at: number; components: number; fieldItems: number; fieldControls: number }[];
};

/**
 * Installed before any script of the page: a MutationObserver that notes when `expected` inputs are in `main`, and a
 * stand-in for the React DevTools hook. React's production build also reports every commit to that hook
 * (`onCommitFiberRoot`); walking the committed fibers as DevTools does tells how many components rendered — no
 * production code is changed and no profiling build is needed. A fiber rendered when React flagged it PerformedWork
 * (1) in this render; only subtrees React cloned in this render are walked (a subtree it skipped keeps its old fibers,
 * `child === alternate.child`). A field's components are known by their props: FieldItem gets `formRef` and `name`,
 * FieldControl `field`, `value` and `label`.
 */
export function installProbes(expected: number) {
  type Fiber = {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    memoizedProps: unknown;
  };
  const record: PageRecord = { inputsAt: null, paintedAt: null, commits: [] };
  (window as unknown as { __bench: PageRecord }).__bench = record;

  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('main input').length < expected) return;
    record.inputsAt = performance.now();
    performance.mark('bench:inputs');
    observer.disconnect();
    requestAnimationFrame(() => {
      setTimeout(() => {
        record.paintedAt = performance.now();
      }, 0);
    });
  });
  observer.observe(document, { childList: true, subtree: true });

  // FunctionComponent 0, ForwardRef 11, MemoComponent 14, SimpleMemoComponent 15.
  const FUNCTION_TAGS = new Set([0, 11, 14, 15]);
  const has = (props: unknown, keys: string[]) =>
    typeof props === 'object' && props !== null && keys.every((key) => key in props);
  const count = (root: Fiber) => {
    const tally = { components: 0, fieldItems: 0, fieldControls: 0 };
    const walk = (fiber: Fiber) => {
      const rendered = fiber.alternate === null || (fiber.flags & 1) === 1;
      if (rendered && FUNCTION_TAGS.has(fiber.tag)) {
        tally.components += 1;
        if (has(fiber.memoizedProps, ['formRef', 'name', 'onChange', 'onBlur'])) tally.fieldItems += 1;
        if (has(fiber.memoizedProps, ['field', 'value', 'label', 'required', 'readOnly'])) tally.fieldControls += 1;
      }
      if (fiber.alternate === null || fiber.child !== fiber.alternate.child) {
        for (let child = fiber.child; child !== null; child = child.sibling) walk(child);
      }
    };
    walk(root);
    return tally;
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      record.commits.push({ at: performance.now(), ...count(root.current) });
    },
  };
}

/**
 * The latest end of an API answer the page fetched before `until` (ms from navigation start): the last of the data the
 * form waited for. Images the API serves (the client's logo) load beside it and are not counted.
 */
export function lastApiAnswerBefore(until: number): number {
  const ends = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.name.includes('/api/') && ['fetch', 'xmlhttprequest'].includes(entry.initiatorType))
    .filter((entry) => entry.responseEnd <= until)
    .map((entry) => entry.responseEnd);
  return ends.length === 0 ? 0 : Math.max(...ends);
}

/**
 * Types `count` characters into the input labelled `caption`, one a frame, as the browser delivers a keystroke to React
 * (keydown, the value changed through the native setter so React's value tracker sees it, input, keyup). Chromium
 * hands input to the page at the start of a frame; so does this, from a requestAnimationFrame callback. Each is timed
 * from the keydown to (1) React's commit (noted by the hook) and (2) the end of that frame's rendering: a task queued
 * from the frame runs after its style, layout and paint. The next keystroke waits for that, so none overlap. Marks
 * `bench:typing-start` and `bench:typing-end` bound the typing for the trace.
 */
export async function typeAndMeasure({ caption, count }: { caption: string; count: number }) {
  const label = [...document.querySelectorAll('label')].find(
    (candidate) => candidate.textContent.replace('*', '').trim() === caption,
  );
  const input = label ? document.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${caption}`);
  // React tracks the value an input had; the prototype's setter changes it underneath, as typing does.
  const valueProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  const setValue = (value: string) => {
    valueProperty?.set?.call(input, value);
  };
  const record = (window as unknown as { __bench: PageRecord }).__bench;
  const afterPaint = () =>
    new Promise<number>((resolve) => {
      setTimeout(() => {
        resolve(performance.now());
      }, 0);
    });
  const keystroke = (key: string) =>
    new Promise<number>((resolve) => {
      requestAnimationFrame(() => {
        const started = performance.now();
        input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        setValue(input.value + key);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
        resolve(started);
      });
    });
  input.focus();
  await afterPaint();
  performance.mark('bench:typing-start');
  const samples: {
    toCommit: number;
    toPaint: number;
    fieldItems: number;
    fieldControls: number;
    components: number;
  }[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = String.fromCharCode(97 + (i % 26));
    const commitsBefore = record.commits.length;
    const started = await keystroke(key);
    const painted = await afterPaint();
    const commits = record.commits.slice(commitsBefore);
    if (input.value.at(-1) !== key) throw new Error(`the field shows ${input.value}, not the key typed`);
    samples.push({
      toCommit: (commits[0]?.at ?? NaN) - started,
      toPaint: painted - started,
      fieldItems: commits.reduce((sum, c) => sum + c.fieldItems, 0),
      fieldControls: commits.reduce((sum, c) => sum + c.fieldControls, 0),
      components: commits.reduce((sum, c) => sum + c.components, 0),
    });
  }
  performance.mark('bench:typing-end');
  return samples;
}

/** The interval between frames the page gets (ms, median of 30): a frame-aligned keystroke's floor is none, its ceiling this. */
export async function frameInterval(): Promise<number> {
  const stamps: number[] = [];
  await new Promise<void>((resolve) => {
    const tick = (now: number) => {
      stamps.push(now);
      if (stamps.length > 30) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const gaps = stamps.slice(1).map((stamp, i) => stamp - (stamps[i] ?? stamp));
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? NaN;
}
