import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

describe('the public notices (issue 13)', () => {
  it('/SignUp without a client says sign-up needs the organisation link and offers the sign-in page', async () => {
    renderShell({ path: '/SignUp', api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: 'Sign up through your organisation' })).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/Login');
  });

  it('an unknown address says Page not found with a way back', async () => {
    renderShell({ path: '/No/Such/Page', api: answeringApi().api });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/Login');
  });

  it('a page that shows only a spinner while it loads names it for screen readers (the FAQ while its entries load)', async () => {
    const { api } = answeringApi();
    renderShell({ path: '/Faq/acme', api: { ...api, getFaq: () => new Promise(() => undefined) } });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });
});
