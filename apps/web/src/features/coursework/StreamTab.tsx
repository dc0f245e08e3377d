import type { StreamComment, StreamPost } from '@campus/contract/coursework';
import { pages } from '@campus/contract/pages';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { TextAreaField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import '../../lib/coursework-words';
import { formatMoment } from '../../lib/dates';
import { refusalSentence } from '../../lib/words';
import { useComment, useDeleteComment, useDeletePost, usePostToClass, useStream } from './api/stream';

const smallButton = 'rounded-lg border border-slate-300 px-2.5 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-campus-600';

/**
 * The course's Stream tab (the owner and enrolled students): posts newest first with "Load
 * more"; each post's comments and a box to add one; the owner posts to the class and deletes
 * posts; a comment's author and the owner delete it. An assignment's post links to it.
 */
export default function StreamTab({ courseId, owner, userId }: { courseId: string; owner: boolean; userId: string }) {
  const q = useStream(courseId);
  const list = useRef<HTMLDivElement>(null);
  const removePost = useConfirmAction({
    mutation: useDeletePost(courseId),
    variables: (post: StreamPost) => post._id,
    words: { title: 'Delete this post?', description: 'The post and its comments are removed for everyone in the course. It cannot be undone.', confirmLabel: 'Delete' },
    doneMessage: () => 'The post was deleted.',
    fallbackFocus: list,
  });
  const removeComment = useConfirmAction({
    mutation: useDeleteComment(courseId),
    variables: (comment: StreamComment) => comment._id,
    words: { title: 'Delete this comment?', description: 'The comment is removed for everyone in the course. It cannot be undone.', confirmLabel: 'Delete' },
    doneMessage: () => 'The comment was deleted.',
    fallbackFocus: list,
  });

  return (
    <div ref={list} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
      {owner && <PostBox courseId={courseId} />}
      {removePost.banner}
      {removeComment.banner}
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : !q.data ? (
        <Spinner label="Loading the stream" />
      ) : q.data.length === 0 ? (
        <p className="py-6 text-center text-lg font-semibold text-slate-600">Nothing has been posted yet</p>
      ) : (
        <ul aria-label="Posts" className="flex flex-col gap-4">
          {q.data.map((post) => (
            <li key={post._id}>
              <article aria-label={`Post by ${post.author.fullname}`} className="flex flex-col gap-3 rounded-lg p-3 ring-1 ring-slate-200 sm:p-4">
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-sm text-slate-600">
                    <span className="font-medium text-slate-900">{post.author.fullname}</span> · <time dateTime={post.createdAt}>{formatMoment(post.createdAt)}</time>
                  </p>
                  {owner && (
                    <button type="button" aria-label={`Delete the post of ${formatMoment(post.createdAt)}`} className={`${smallButton} text-red-700 hover:bg-red-50`} {...removePost.trigger(post)}>
                      Delete
                    </button>
                  )}
                </header>
                <p className="whitespace-pre-line break-words text-slate-800">{post.text}</p>
                {post.kind === 'assignment' && post.assignmentId && (
                  <Link to={pages.assignment(post.assignmentId)} className="self-start font-medium text-campus-700 underline-offset-2 hover:underline">
                    Open the assignment
                  </Link>
                )}
                {post.comments.length > 0 && (
                  <ul aria-label="Comments" className="flex flex-col gap-2 border-l-2 border-slate-100 pl-3">
                    {post.comments.map((c) => (
                      <li key={c._id} className="flex flex-wrap items-start justify-between gap-2 text-sm">
                        <div className="min-w-0">
                          <p className="text-slate-600">
                            <span className="font-medium text-slate-900">{c.author.fullname}</span> · <time dateTime={c.createdAt}>{formatMoment(c.createdAt)}</time>
                          </p>
                          <p className="whitespace-pre-line break-words text-slate-800">{c.text}</p>
                        </div>
                        {(owner || c.author._id === userId) && (
                          <button type="button" aria-label={`Delete the comment of ${c.author.fullname}`} className={`${smallButton} text-red-700 hover:bg-red-50`} {...removeComment.trigger(c)}>
                            Delete
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                <CommentBox courseId={courseId} postId={post._id} />
              </article>
            </li>
          ))}
        </ul>
      )}
      {q.hasNextPage && (
        <Button variant="secondary" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} aria-busy={q.isFetchingNextPage || undefined} className="self-center">
          Load more
        </Button>
      )}
      {q.isError && q.data && <ErrorBanner message={errorText(q.error)} />}
      {removePost.dialog}
      {removeComment.dialog}
    </div>
  );
}

/** A text box and its button, cleared once what it sent is in. */
function useTextBox(send: (text: string, done: () => void) => void) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') return setProblem(refusalSentence({ code: 'field_required', field: 'text' }));
    setProblem(null);
    send(text, () => setText(''));
  };
  return { text, setText, problem, onSubmit };
}

/** The owner's "Post to the class" box, at the top of the stream. */
function PostBox({ courseId }: { courseId: string }) {
  const post = usePostToClass(courseId);
  const box = useTextBox((text, done) => post.mutate(text, { onSuccess: done }));
  return (
    <form noValidate onSubmit={box.onSubmit} className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <TextAreaField label="Post to the class" rows={3} value={box.text} error={box.problem ?? undefined} onChange={(e) => box.setText(e.target.value)} disabled={post.isPending} />
      <ErrorBanner message={post.isError ? errorText(post.error) : null} />
      <Button type="submit" disabled={post.isPending} aria-busy={post.isPending || undefined} className="self-start">
        Post
      </Button>
    </form>
  );
}

/** A post's add-comment box. */
function CommentBox({ courseId, postId }: { courseId: string; postId: string }) {
  const comment = useComment(courseId);
  const box = useTextBox((text, done) => comment.mutate({ postId, text }, { onSuccess: done }));
  return (
    <form noValidate onSubmit={box.onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <TextAreaField label="Add a comment" rows={1} value={box.text} error={box.problem ?? undefined} onChange={(e) => box.setText(e.target.value)} disabled={comment.isPending} />
      </div>
      <Button type="submit" variant="secondary" disabled={comment.isPending} aria-busy={comment.isPending || undefined} className="self-start sm:self-end">
        Comment
      </Button>
      <ErrorBanner message={comment.isError ? errorText(comment.error) : null} />
    </form>
  );
}
