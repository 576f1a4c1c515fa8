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
});
