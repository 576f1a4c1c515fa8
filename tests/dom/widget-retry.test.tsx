import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity } from '../support/identity';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

describe('a sign-in widget that fails to mount (issue 8)', () => {
  it('shows a localised error with Retry instead of a blank area, and Retry mounts the widget again', async () => {
    const identity = fakeIdentity();
    const mountWidget = identity.port.mountWidget;
    let failNext = true;
    identity.port.mountWidget = (options) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('the widget chunk could not be loaded'));
      }
      return mountWidget(options);
    };
    renderShell({ path: '/Login/umbrella', api: answeringApi().api, identity });
    await waitFor(() => {
      expect(identity.existingSession.waiting()).toBe(1);
    });
    act(() => {
      identity.existingSession.resolve('none');
    });

    expect(await screen.findByText('The sign-in form could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('okta-widget-container')).not.toBeInTheDocument();
    expect(identity.isWidgetMounted()).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('okta-widget-container')).toBeInTheDocument();
    await waitFor(() => {
      expect(identity.isWidgetMounted()).toBe(true);
    });
    expect(screen.queryByText('The sign-in form could not be loaded.')).not.toBeInTheDocument();
    expect(identity.widgetMounts).toHaveLength(1);
  });
});
