import { api } from '@campus/contract/api';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseworkKeys } from '../keys';

/** Posts per page of the stream; "Load more" follows the server's cursor. */
const STREAM_PAGE = 20;

/** GET /coursework/course/:courseId/stream: the course's posts, newest first, a page at a time. */
export function useStream(courseId: string) {
  const query = useInfiniteQuery({
    queryKey: courseworkKeys.stream(courseId),
    queryFn: async ({ pageParam, signal }) =>
      (await call(api.coursework.stream, { params: { courseId }, query: { limit: STREAM_PAGE, cursor: pageParam || undefined }, signal })).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, data: query.data?.pages.flatMap((page) => page.posts) };
}

/** Every change to the stream (a post, a comment, a deletion) refreshes the pages loaded so far. */
function useStreamChange<TVars>(courseId: string, change: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: courseworkKeys.stream(courseId) }),
  });
}

/** POST /coursework/course/:courseId/stream (the owner): an announcement to the class. */
export const usePostToClass = (courseId: string) => useStreamChange(courseId, (text: string) => call(api.coursework.post, { params: { courseId }, body: { text } }));

/** POST /coursework/stream/:postId/comments (the owner, enrolled students). */
export const useComment = (courseId: string) =>
  useStreamChange(courseId, ({ postId, text }: { postId: string; text: string }) => call(api.coursework.comment, { params: { postId }, body: { text } }));

/** DELETE /coursework/stream/:postId (the owner): the post and its comments. */
export const useDeletePost = (courseId: string) => useStreamChange(courseId, (postId: string) => call(api.coursework.deletePost, { params: { postId } }));

/** DELETE /coursework/comments/:commentId (its author, the owner). */
export const useDeleteComment = (courseId: string) => useStreamChange(courseId, (commentId: string) => call(api.coursework.deleteComment, { params: { commentId } }));
