import '../support/jsdom-pointer-event';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_HOOK_TYPES } from '@contracts/event-hooks';
import { EventHooksScreen, type EventHooksApi } from '@src/admin/event-hooks/EventHooksPage';
import { createdHook, eventHook } from '../support/event-hook-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';

/** The event hooks page (issue 33 item 4): the new-hook form's rules and what it sends, the secret shown once. */
function openPage() {
  const api = {
    load: vi.fn(() => Promise.resolve([eventHook()])),
    create: vi.fn(() => Promise.resolve(createdHook('Payroll bridge'))),
    change: vi.fn(() => Promise.resolve(eventHook())),
    remove: vi.fn(() => Promise.resolve()),
    deliveries: vi.fn(() => Promise.resolve([])),
  } satisfies EventHooksApi;
  renderAdminView(<EventHooksScreen notifications={recordingNotifications().ref} api={api} />);
  return api;
}

describe('event hooks page', { timeout: 30_000 }, () => {
  it('registers a hook with the chosen event types and header, and shows its signing secret once', async () => {
    const api = openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New event hook' }));
    const form = screen.getByRole('form', { name: 'New event hook' });
    // Every supported event type, and only those, is offered; the import's end among them.
    const boxes = within(form).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([...EVENT_HOOK_TYPES]);
    const register = within(form).getByRole('button', { name: 'Register hook' });
    expect(register).toBeDisabled();
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Payroll bridge');
    const uri = within(form).getByLabelText(/^Endpoint URL/);
    await userEvent.clear(uri);
    await userEvent.type(uri, 'https://payroll.example.com/hooks');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'system.import.complete' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'user.account.lock' }));
    await userEvent.type(within(form).getByLabelText(/^Authorization header name/), 'X-Key');
    // A header name without its value is refused, as the server would.
    expect(register).toBeDisabled();
    const value = within(form).getByLabelText(/^Authorization header value/);
    expect(value).toHaveAttribute('type', 'password');
    await userEvent.type(value, 'k3y');
    expect(register).toBeEnabled();
    await userEvent.click(register);
    await waitFor(() => {
      expect(api.create).toHaveBeenCalledTimes(1);
    });
    expect(api.create.mock.calls[0]).toEqual([
      {
        name: 'Payroll bridge',
        uri: 'https://payroll.example.com/hooks',
        // In the supported list's order, whatever order they were ticked in.
        eventTypes: ['user.account.lock', 'system.import.complete'],
        authHeader: 'X-Key',
        authValue: 'k3y',
      },
      expect.anything(),
    ]);
    const secret = await screen.findByTestId('event-hook-secret');
    expect(secret).toHaveTextContent(createdHook().signingSecret);
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => {
      expect(screen.queryByTestId('event-hook-secret')).toBeNull();
    });
    expect(api.load).toHaveBeenCalledTimes(2);
  });
});
