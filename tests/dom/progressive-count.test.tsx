import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useProgressiveCount } from '@src/admin/templates/use-progressive-count';

describe('progressive rendering of a template’s rows (issue #4 item 6)', () => {
  it('paints the first 200 rows of a large template at once and the rest over the next frames', async () => {
    const { result } = renderHook(() => useProgressiveCount(1000));
    expect(result.current).toBe(FIRST_ROWS);
    await waitFor(() => {
      expect(result.current).toBe(1000);
    });
  });

  it('shows a row added to a template that started empty at once, with no frame to wait for', () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), { initialProps: { total: 0 } });
    expect(result.current).toBe(0);
    rerender({ total: 1 });
    expect(result.current).toBe(1);
  });

  it('shows rows added after a staged first paint has caught up at once too', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), {
      initialProps: { total: 450 },
    });
    await waitFor(() => {
      expect(result.current).toBe(450);
    });
    rerender({ total: 451 });
    expect(result.current).toBe(451);
  });
});
