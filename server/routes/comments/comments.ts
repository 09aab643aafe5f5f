import { comments } from '../../../shared/api/comments';
import { routesOf } from '../../http/route';
import { getThread, markThreadRead, openFlagsFor, postComment, reopenFlag, resolveFlag, unreadFor } from '../../services/comments/comments';

/** A problem's discussion (/api/problems/:questionId/comments…), and across problems the viewer's unread comments and the open flags. */
export const commentRoutes = routesOf(comments, {
  list: ({ db, user, params }) => getThread(db, user, params.questionId),
  post: ({ db, user, actor, params, body }) => postComment(db, user, actor, params.questionId, body),
  markRead: ({ db, user, params, body }) => markThreadRead(db, user, params.questionId, body.upTo),
  resolve: ({ db, user, actor, params }) => resolveFlag(db, user, actor, params.questionId, params.commentId),
  reopen: ({ db, user, actor, params }) => reopenFlag(db, user, actor, params.questionId, params.commentId),
  unread: ({ db, user }) => unreadFor(db, user),
  openFlags: ({ db, user }) => openFlagsFor(db, user),
});
