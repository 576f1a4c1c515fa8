import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DemoGuide } from '@contracts/demo-guide';
import { fakeIdentity } from '../support/identity';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

const guide: DemoGuide = {
  people: [
    {
      signInAs: 'admin@gatehouse.test',
      name: 'Jordan Ellis',
      client: 'Gatehouse',
      role: 'providerAdmin',
      landsOn: { kind: 'adminArea' },
    },
    {
      signInAs: 'maria@acme.test',
      name: 'María González',
      client: 'Acme Health',
      role: 'member',
      landsOn: { kind: 'board' },
    },
    {
      signInAs: '48213',
      name: 'Dana Brooks',
      client: 'Umbrella Agents',
      role: 'agent',
      landsOn: { kind: 'application', application: 'Benefits Center' },
    },
  ],
  password: 'Gatehouse-demo-2026!',
};

async function showWidget(identity: ReturnType<typeof fakeIdentity>, path: string) {
  renderShell({ path, api: answeringApi().api, identity });
  await waitFor(() => {
    expect(identity.existingSession.waiting()).toBe(1);
  });
  act(() => {
    identity.existingSession.resolve('none');
  });
  expect(await screen.findByTestId('okta-widget-container')).toBeInTheDocument();
}

describe('the demo guide on the login page (issue 13)', () => {
  it('lists the demo people, who they are and where they land, and a pick fills the widget username', async () => {
    const identity = fakeIdentity({ demoGuide: guide });
    await showWidget(identity, '/Login/acme');
    const panel = await screen.findByTestId('demo-guide');
    await userEvent.click(within(panel).getByRole('button', { name: 'Demo accounts' }));
    expect(await within(panel).findByText(/Every demo password is Gatehouse-demo-2026!/)).toBeInTheDocument();
    expect(within(panel).getByText('Provider administrator · Gatehouse · Lands in the admin area')).toBeInTheDocument();
    expect(within(panel).getByText('User · Acme Health · Lands on the application board')).toBeInTheDocument();
    expect(within(panel).getByText('Agent · Umbrella Agents · Lands in Benefits Center')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: /María González/ }));
    expect(identity.filledUsernames).toEqual(['maria@acme.test']);
  });

  it('speaks Spanish on a Spanish page', async () => {
    const identity = fakeIdentity({ demoGuide: guide });
    await showWidget(identity, '/Login/acme?culture=es');
    const panel = await screen.findByTestId('demo-guide');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cuentas de demostración' }));
    expect(await within(panel).findByText('Agente · Umbrella Agents · Llega a Benefits Center')).toBeInTheDocument();
  });

  it('is absent when the server has no demo world (its guide answers 404)', async () => {
    const identity = fakeIdentity();
    await showWidget(identity, '/Login/acme');
    expect(screen.queryByTestId('demo-guide')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Demo accounts' })).not.toBeInTheDocument();
  });
});
