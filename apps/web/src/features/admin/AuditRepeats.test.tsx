import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { anEntry, personOf, student } from './test-data';

const signIn = (browser: string, os: string, at: string) =>
  anEntry({ action: 'user.signed_in_new_device', actor: personOf(student), target: personOf(student), details: { device: { browser, os } }, at });

describe('new-device sign-ins in My activity', () => {
  it('name the browser and system, and fold repeats in a row into one line', async () => {
    loggedInAs(student);
    server.use(
      http.get(paths.users.activity, () =>
        ok({
          entries: [
            signIn('Chrome', 'Android', '2026-11-25T09:30:00.000Z'),
            signIn('Chrome', 'Android', '2026-11-25T08:30:00.000Z'),
            signIn('Chrome', 'Android', '2026-11-25T07:30:00.000Z'),
            signIn('Firefox', 'Windows', '2026-11-24T07:30:00.000Z'),
            anEntry({ action: 'user.password_changed', actor: personOf(student), target: personOf(student), details: {} }),
            signIn('Chrome', 'Android', '2026-11-23T07:30:00.000Z'),
            // An entry written before the device was kept.
            anEntry({ action: 'user.signed_in_new_device', actor: personOf(student), target: personOf(student), details: {} }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderApp(pages.activity);
    const items = within(await screen.findByRole('list', { name: 'Your activity' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'You signed in to your account from a new device (Chrome on Android) · 3 times',
      'You signed in to your account from a new device (Firefox on Windows).',
      'You changed your password.',
      'You signed in to your account from a new device (Chrome on Android).',
      'You signed in to your account from a new device.',
    ]);
  });
});
