import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describeLocation } from '@src/app/routes';
import { useRawAddress } from '@src/app/use-raw-address';

function Shows() {
  const { path, search } = useRawAddress();
  const location = describeLocation(path, search);
  return (
    <>
      <output data-testid="redirect">{location?.params.redirectUrl}</output>
      <output data-testid="query">{location?.query.redirectUrl}</output>
    </>
  );
}

/** A redirect URL whose own query holds an encoded `@` and an encoded `&` inside one value. */
const target = 'https://apps.acme.test/benefits?user=ACME__maria%40acme.test&note=a%26b';

describe('the address the route table reads (src/app/use-raw-address.ts)', () => {
  it('decodes a route parameter and a query parameter once, so a redirect URL comes back as it was sent', () => {
    const { hook, searchHook } = memoryLocation({
      path: `/board/editProfile/${encodeURIComponent(target)}?redirectUrl=${encodeURIComponent(target)}`,
    });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <Shows />
      </Router>,
    );
    expect(screen.getByTestId('redirect').textContent).toBe(target);
    expect(screen.getByTestId('query').textContent).toBe(target);
  });
});
