import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '@src/app/preloadable';

const Page = ({ name }: { name: string }) => <p>{name}</p>;

function show(View: ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>fallback</p>}>
      <View name="the page" />
    </Suspense>,
  );
}

describe('a component loaded ahead (route views and frames)', () => {
  it('renders at once once loaded ahead: no Suspense fallback, so no reveal throttle before the page', async () => {
    const { View, preload } = preloadable(() => Promise.resolve(Page));
    await preload();
    show(View);
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();
  });

  it('suspends until its code is here when nothing loaded it before, then shows it', async () => {
    const { View } = preloadable(() => Promise.resolve(Page));
    show(View);
    expect(screen.getByText('fallback')).toBeInTheDocument();
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('loads once however often it is asked, and asks again after a failed download', async () => {
    let loads = 0;
    const { preload } = preloadable(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Page);
    });
    await expect(preload()).rejects.toThrow('offline');
    await Promise.all([preload(), preload()]);
    expect(loads).toBe(2);
  });
});
