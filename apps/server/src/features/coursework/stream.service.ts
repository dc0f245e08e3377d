import { randomUUID } from 'node:crypto';
import { pages, type StreamComment, type StreamPost } from '@campus/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { courses, streamComments, streamPosts, users, type CourseRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor';
import { refuse } from '../../platform/errors/app-error';
import { existingId } from '../../platform/http/ids';
import { professorName } from '../courses';
import { enrolledIn, oneUser, type NotifyingDeps } from '../notifications';

/** A stream page's posts unless `limit` says. */
export const STREAM_PAGE_DEFAULT = 20;

// ── Reading ───────────────────────────────────────────────────────────────────

const author = { _id: users.id, fullname: users.fullname };

/**
 * A page of a course's stream, newest first (the (course, createdAt, id) index), and the
 * comments of the page's posts, oldest first, in one more statement: two whatever the page holds.
 */
export async function streamPage(db: Db, courseId: string, page: { limit?: number; cursor?: string }): Promise<{ posts: StreamPost[]; nextCursor: string | null }> {
  const limit = page.limit ?? STREAM_PAGE_DEFAULT;
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ post: streamPosts, author, at: sql<string>`${streamPosts.createdAt}::text` })
    .from(streamPosts)
    .innerJoin(users, eq(users.id, streamPosts.authorId))
    .where(and(eq(streamPosts.courseId, courseId), after ? sql`(${streamPosts.createdAt}, ${streamPosts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(desc(streamPosts.createdAt), desc(streamPosts.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ at: last.at, id: last.post.id }) : null;
  const ids = shown.map((r) => r.post.id);
  const comments = ids.length === 0 ? [] : await db.select({ comment: streamComments, author }).from(streamComments).innerJoin(users, eq(users.id, streamComments.authorId)).where(inArray(streamComments.postId, ids)).orderBy(asc(streamComments.createdAt), asc(streamComments.id));
  const commentsOf = new Map<string, StreamComment[]>();
  for (const { comment, author: by } of comments) {
    const list = commentsOf.get(comment.postId) ?? [];
    list.push(presentComment(comment, by));
    commentsOf.set(comment.postId, list);
  }
  return { posts: shown.map((r) => ({ ...presentPost(r.post, r.author), comments: commentsOf.get(r.post.id) ?? [] })), nextCursor };
}

type PostRow = typeof streamPosts.$inferSelect;
type CommentRow = typeof streamComments.$inferSelect;
type Author = { _id: string; fullname: string };

const presentPost = (p: PostRow, by: Author): StreamPost => ({
  _id: p.id,
  kind: p.kind as StreamPost['kind'],
  author: by,
  text: p.text,
  assignmentId: p.assignmentId,
  createdAt: p.createdAt.toISOString(),
  comments: [],
});

const presentComment = (c: CommentRow, by: Author): StreamComment => ({ _id: c.id, author: by, text: c.text, createdAt: c.createdAt.toISOString() });

/** A post with its course, or 404 (a malformed id names no post either). */
export async function postOr404(db: Db, postId: string): Promise<{ post: PostRow; course: CourseRow }> {
  const [row] = await db.select({ post: streamPosts, course: courses }).from(streamPosts).innerJoin(courses, eq(courses.id, streamPosts.courseId)).where(eq(streamPosts.id, existingId(postId, 'post_not_found'))).limit(1);
  if (!row) throw refuse('post_not_found');
  return row;
}

/** A comment with its post's course, or 404. */
export async function commentOr404(db: Db, commentId: string): Promise<{ comment: CommentRow; course: CourseRow }> {
  const [row] = await db
    .select({ comment: streamComments, course: courses })
    .from(streamComments)
    .innerJoin(streamPosts, eq(streamPosts.id, streamComments.postId))
    .innerJoin(courses, eq(courses.id, streamPosts.courseId))
    .where(eq(streamComments.id, existingId(commentId, 'comment_not_found')))
    .limit(1);
  if (!row) throw refuse('comment_not_found');
  return row;
}

// ── Writing ───────────────────────────────────────────────────────────────────

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** The owner's announcement; the enrolled students are told in the same transaction. */
export async function announce({ db, notify }: NotifyingDeps, owner: UserRow, course: CourseRow, text: string): Promise<StreamPost> {
  return db.transaction(async (tx) => {
    const [post] = await tx.insert(streamPosts).values({ id: randomUUID(), courseId: course.id, authorId: owner.id, kind: 'announcement', text }).returning();
    if (!post) throw new Error('post not inserted');
    await notify(tx, enrolledIn(course.id), {
      content: `${professorName(owner.fullname)} posted in "${course.title}": ${excerpt(text)}`,
      link: pages.course(course.id, 'stream'),
      kind: 'coursework',
    });
    return presentPost(post, { _id: owner.id, fullname: owner.fullname });
  });
}

/** A comment on a post; the post's author is told, unless they wrote it. */
export async function addComment({ db, notify }: NotifyingDeps, by: UserRow, post: PostRow, course: CourseRow, text: string): Promise<StreamComment> {
  return db.transaction(async (tx) => {
    const [comment] = await tx.insert(streamComments).values({ id: randomUUID(), postId: post.id, authorId: by.id, text }).returning();
    if (!comment) throw new Error('comment not inserted');
    if (post.authorId !== by.id) {
      await notify(tx, oneUser(post.authorId), {
        content: `${by.fullname} commented on your post in "${course.title}": ${excerpt(text)}`,
        link: pages.course(course.id, 'stream'),
        kind: 'coursework',
      });
    }
    return presentComment(comment, { _id: by.id, fullname: by.fullname });
  });
}

/** Deletes a post; its comments go with it (on delete cascade). */
export async function deletePost(db: Db, postId: string): Promise<void> {
  await db.delete(streamPosts).where(eq(streamPosts.id, postId));
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.delete(streamComments).where(eq(streamComments.id, commentId));
}
