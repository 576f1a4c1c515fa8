import { useEffect, useState } from 'react';

/** How many rows a large template shows on its first render (public-and-profile §9: "the first 200 rows"). */
export const FIRST_ROWS = 200;
/** How many more rows each following frame adds. */
export const ROWS_PER_FRAME = 200;

/** The next frame: an animation frame in a browser, a macrotask where there is none (so it always comes). */
function nextFrame(run: () => void): () => void {
  if (typeof window.requestAnimationFrame === 'function') {
    const handle = window.requestAnimationFrame(run);
    return () => {
      window.cancelAnimationFrame(handle);
    };
  }
  const handle = setTimeout(run, 0);
  return () => {
    clearTimeout(handle);
  };
}

/**
 * How many of `total` rows to render now: the first 200 at once, then 200 more per animation frame until all are
 * there, so opening a template of a thousand fields paints at once instead of blocking for the whole list. Only the
 * first paint is staged: once it has caught up (or when the list starts small, a new template), a list that grows
 * later (a field added) shows in full at once.
 */
export function useProgressiveCount(total: number): number {
  // How many rows the staged first paint shows so far; null once it has caught up.
  const [staged, setStaged] = useState<number | null>(() => (total > FIRST_ROWS ? FIRST_ROWS : null));
  useEffect(() => {
    if (staged === null) return undefined;
    return nextFrame(() => {
      setStaged((current) => (current === null || current + ROWS_PER_FRAME >= total ? null : current + ROWS_PER_FRAME));
    });
  }, [staged, total]);
  return staged === null ? total : Math.min(staged, total);
}
