import { paths } from '@campus/contract/paths';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { aCourse } from './test-data';

const course = aCourse();
const base = `/course/${course._id}`;

function serve() {
  server.use(
    http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
    http.get(paths.courses.students(course._id), () => ok({ studentsofcourse: [], students: [] })),
    http.get(paths.notes.ofCourse(course._id), () => ok({ notesofcourse: [] })),
  );
}

/** The first render waits for the lazy course page, which takes a while on a busy machine. */
const PAGE_LOAD = { timeout: 5_000 };

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('course tabs in the URL', () => {
  it('the bare address shows the first tab; a tab address opens that tab', async () => {
    loggedInAs(aStudent());
    serve();
    const first = renderApp(base);
    await screen.findByRole('tab', { name: 'Course' }, PAGE_LOAD);
    expect(selected()).toBe('Course');
    first.unmount();

    renderApp(`${base}/enrolled`);
    await screen.findByRole('heading', { name: 'Professor: Grace Hopper' }, PAGE_LOAD);
    expect(selected()).toBe('Enrolled');
  });

  it('choosing a tab puts it in the address, and the first tab is the bare address again', async () => {
    loggedInAs(aProfessor());
    serve();
    const { where } = renderApp(base);
    await userEvent.click(await screen.findByRole('tab', { name: 'Notes' }, PAGE_LOAD));
    await waitFor(() => expect(where.pathname).toBe(`${base}/notes`));
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Edit Course' }));
    await waitFor(() => expect(where.pathname).toBe(`${base}/edit-course`));
    await userEvent.click(screen.getByRole('tab', { name: 'Course' }));
    await waitFor(() => expect(where.pathname).toBe(base));
  });

  it('arrow keys move along the tabs (the ARIA tabs pattern) and the address follows', async () => {
    loggedInAs(aStudent());
    serve();
    const { where } = renderApp(base);
    const courseTab = await screen.findByRole('tab', { name: 'Course' }, PAGE_LOAD);
    expect(screen.getByRole('tablist', { name: 'Course sections' })).toBeInTheDocument();
    act(() => courseTab.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Enrolled' })).toHaveFocus();
    await waitFor(() => expect(where.pathname).toBe(`${base}/enrolled`));
    expect(selected()).toBe('Enrolled');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(where.pathname).toBe(base));
  });

  it('the arrows wrap around, Home and End reach the ends, and only the open tab is in the Tab order', async () => {
    loggedInAs(aStudent());
    serve();
    const { where } = renderApp(base);
    const courseTab = await screen.findByRole('tab', { name: 'Course' }, PAGE_LOAD);
    const tabIndexes = () => screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'));
    expect(tabIndexes()).toEqual(['0', '-1', '-1']);
    // The open panel is the selected tab's, and named by it.
    const panel = screen.getByRole('tabpanel');
    expect(courseTab).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', courseTab.id);
    expect(panel).toHaveAccessibleName('Course');

    act(() => courseTab.focus());
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveFocus();
    await waitFor(() => expect(where.pathname).toBe(`${base}/notes`));
    expect(tabIndexes()).toEqual(['-1', '-1', '0']);
    await userEvent.keyboard('{ArrowRight}');
    expect(courseTab).toHaveFocus();
    await waitFor(() => expect(where.pathname).toBe(base));
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveFocus();
    await waitFor(() => expect(where.pathname).toBe(`${base}/notes`));
    await userEvent.keyboard('{Home}');
    expect(courseTab).toHaveFocus();
    await waitFor(() => expect(where.pathname).toBe(base));
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it("an unknown tab, or an owner's tab opened by someone else, shows the first tab at the bare address", async () => {
    loggedInAs(aStudent());
    serve();
    const first = renderApp(`${base}/no-such-tab`);
    await waitFor(() => expect(first.where.pathname).toBe(base));
    expect(await screen.findByRole('tab', { name: 'Course' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();

    const second = renderApp(`${base}/edit-course`);
    await waitFor(() => expect(second.where.pathname).toBe(base));
    expect(await screen.findByRole('tab', { name: 'Course' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Edit Course' })).toBeNull();
  });

  it('the owner opens an owner tab from its address', async () => {
    loggedInAs(aProfessor());
    serve();
    renderApp(`${base}/delete-course`);
    expect(await screen.findByRole('button', { name: 'Delete Course' }, PAGE_LOAD)).toBeInTheDocument();
    expect(selected()).toBe('Delete Course');
  });
});

describe('the tab strip on a narrow screen', () => {
  // jsdom lays nothing out: give the strip the sizes of a phone, six tabs wider than the screen.
  const sizes = { scrollWidth: 640, clientWidth: 360 };
  const original = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(Element.prototype, k)]));
  afterEach(() => {
    for (const [key, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
  });

  it('marks the edge that has more tabs behind it, and the other edge once scrolled', async () => {
    for (const [key, value] of Object.entries(sizes)) {
      Object.defineProperty(Element.prototype, key, { configurable: true, get() { return this.getAttribute('role') === 'tablist' ? value : 0; } });
    }
    loggedInAs(aProfessor());
    serve();
    const { container } = renderApp(base);
    const strip = await screen.findByRole('tablist', undefined, PAGE_LOAD);
    await waitFor(() => expect(container.querySelector('[data-more="after"]')).not.toBeNull());
    expect(container.querySelector('[data-more="before"]')).toBeNull();
    expect(container.querySelector('[data-more="after"]')).toHaveAttribute('aria-hidden', 'true');

    // Scrolled to its end: more lies before, nothing after.
    strip.scrollLeft = 280;
    strip.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(container.querySelector('[data-more="before"]')).not.toBeNull());
    expect(container.querySelector('[data-more="after"]')).toBeNull();
  });

  it('shows no cue when every tab fits', async () => {
    loggedInAs(aProfessor());
    serve();
    const { container } = renderApp(base);
    await screen.findByRole('tablist', undefined, PAGE_LOAD);
    expect(container.querySelector('[data-more]')).toBeNull();
  });
});

/**
 * The router moves to a tab's address in a transition, which React holds back while anything the
 * new address renders is still loading: on a slow phone, the tab's own code. Here the page under
 * the new address waits for the test to let it go, whatever is already loaded.
 */
function renderWithNavigationHeld(path: string, heldAt: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // As a lazy page whose code arrives only when released.
  const Held = lazy(() => released.then(() => ({ default: () => null })));
  function HoldNavigation() {
    return useLocation().pathname === heldAt ? <Held /> : null;
  }
  const held = (
    <Suspense fallback={null}>
      <HoldNavigation />
    </Suspense>
  );
  return { release, ...renderApp(path, { inside: held }) };
}

describe('choosing a tab while the navigation is still on its way', () => {
  it('selects the tab and opens its panel at once; the address follows when the navigation lands', async () => {
    loggedInAs(aProfessor());
    serve();
    const { release, where } = renderWithNavigationHeld(base, `${base}/edit-course`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Edit Course' }, PAGE_LOAD));

    // At once, while the address still names the first tab.
    expect(where.pathname).toBe(base);
    expect(screen.getByRole('tab', { name: 'Edit Course' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Course' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Edit Course' })).toBeInTheDocument();
    expect(screen.queryByText('Course number: 211070555')).toBeNull();

    act(() => release());
    await waitFor(() => expect(where.pathname).toBe(`${base}/edit-course`));
    expect(selected()).toBe('Edit Course');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

});
