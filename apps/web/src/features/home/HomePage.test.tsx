import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProfessor } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs } from '../../test/server';

describe('HomePage', () => {
  it('welcomes a visitor with the logo and the way in', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Campus Portal' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Campus Portal logo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/student-signup');
  });

  it('greets a logged-in user by full name, and shows no made-up events', async () => {
    loggedInAs(aProfessor());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Grace Hopper' })).toBeInTheDocument();
    // The events sections come with the events feature; until then the page holds only the greeting.
    expect(within(screen.getByRole('main')).getAllByRole('heading')).toHaveLength(1);
  });
});
