import { api } from '@campus/contract/api';
import type { StreamPost } from '@campus/contract/coursework';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { aCourse } from '../courses/test-data';
import { aPost } from './test-data';

const PAGE_LOAD = { timeout: 5_000 };
const student = aStudent();
const classmate = { _id: '5f0c7d1e-0000-4000-8000-000000000009', fullname: 'Alan Turing' };
const course = aCourse({ students: [student._id, classmate._id] });
const stream = `/course/${course._id}/stream`;

/**
 * The stream as a server keeps it: newest first, two posts a page (the page asks for its own
 * size; this server keeps pages small to show the paging), comments and posts added and deleted.
 */
function serve(initial: StreamPost[]) {
  let posts = [...initial];
  const asked: (string | null)[] = [];
  server.use(
    http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
    http.get(paths.coursework.stream(course._id), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      asked.push(cursor);
      const from = cursor ? Number(cursor) : 0;
      return ok({ posts: posts.slice(from, from + 2), nextCursor: from + 2 < posts.length ? String(from + 2) : null });
    }),
    http.post(paths.coursework.post(course._id), async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      const post = aPost(99, { text, createdAt: '2026-11-28T09:00:00.000Z' });
      posts = [post, ...posts];
      return ok({ post }, 'posted', 201);
    }),
    http.post(api.coursework.comment.path, async ({ request, params }) => {
      const { text } = (await request.json()) as { text: string };
      const comment = { _id: 'c0000000-0000-4000-8000-000000000001', author: { _id: student._id, fullname: student.fullname }, text, createdAt: '2026-11-28T10:00:00.000Z' };
      posts = posts.map((p) => (p._id === params.postId ? { ...p, comments: [...p.comments, comment] } : p));
      return ok({ comment }, 'commented', 201);
    }),
    http.delete(api.coursework.deletePost.path, ({ params }) => {
      posts = posts.filter((p) => p._id !== params.postId);
      return ok({});
    }),
  );
  return asked;
}

const postOf = (text: string) => screen.getByText(text).closest('article') as HTMLElement;

describe('the Stream tab', () => {
  it('shows posts newest first and loads more by the cursor; an assignment’s post links to it', async () => {
    loggedInAs(student);
    const asked = serve([aPost(1, { kind: 'assignment', text: 'New assignment: Pipe flow report', assignmentId: 'a5500000-0000-4000-8000-000000000001' }), aPost(2), aPost(3)]);
    renderApp(stream);
    await screen.findByText('New assignment: Pipe flow report', undefined, PAGE_LOAD);
    expect(within(postOf('New assignment: Pipe flow report')).getByRole('link', { name: 'Open the assignment' })).toHaveAttribute('href', '/assignment/a5500000-0000-4000-8000-000000000001');
    expect(screen.queryByText('Announcement 3')).toBeNull();
    // A student neither posts to the class nor deletes the owner's posts.
    expect(screen.queryByLabelText('Post to the class')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete the post/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Announcement 3')).toBeInTheDocument();
    expect(asked).toEqual([null, '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a student comments on a post, and may delete their own comment but not a classmate’s', async () => {
    loggedInAs(student);
    const theirs = { _id: 'c0000000-0000-4000-8000-000000000002', author: classmate, text: 'Is it due Friday?', createdAt: '2026-11-27T10:00:00.000Z' };
    serve([aPost(1, { comments: [theirs] })]);
    renderApp(stream);
    await screen.findByText('Announcement 1', undefined, PAGE_LOAD);
    const post = postOf('Announcement 1');
    expect(within(post).queryByRole('button', { name: 'Delete the comment of Alan Turing' })).toBeNull();

    // An empty comment is said, not sent.
    await userEvent.click(within(post).getByRole('button', { name: 'Comment' }));
    expect(within(post).getByText('Write some text.')).toBeInTheDocument();

    await userEvent.type(within(post).getByLabelText('Add a comment'), 'Thank you!');
    await userEvent.click(within(post).getByRole('button', { name: 'Comment' }));
    expect(await within(post).findByText('Thank you!')).toBeInTheDocument();
    expect(within(post).getByLabelText('Add a comment')).toHaveValue('');
    expect(within(post).getByRole('button', { name: 'Delete the comment of Ada Lovelace' })).toBeInTheDocument();
  });

  it('the owner posts to the class at the top, and deletes a post after confirming', async () => {
    loggedInAs(aProfessor());
    serve([aPost(1)]);
    renderApp(stream);
    const box = await screen.findByLabelText('Post to the class', undefined, PAGE_LOAD);
    await userEvent.type(box, 'Lab moved to room 4.\nBring goggles.');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText(/Lab moved to room 4\./);
    const texts = within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article').map((a) => a.querySelector('p.whitespace-pre-line')?.textContent);
    expect(texts).toEqual(['Lab moved to room 4.\nBring goggles.', 'Announcement 1']);
    expect(box).toHaveValue('');

    await userEvent.click(within(postOf('Announcement 1')).getByRole('button', { name: /Delete the post/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Announcement 1')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('The post was deleted.');
  });
});
