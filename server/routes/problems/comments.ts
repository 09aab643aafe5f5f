import { comments } from '../../../shared/api/comments';
import { route } from '../../http/route';
import { getThread, markThreadRead, postComment, reopenFlag, resolveFlag } from '../../services/comments/comments';

/** A problem's discussion: /api/problems/:questionId/comments… */
export const problemCommentRoutes = [
  route(comments.list, ({ db, user, params }) => getThread(db, user, params.questionId)),
  route(comments.post, ({ db, user, actor, params, body }) => postComment(db, user, actor, params.questionId, body)),
  route(comments.markRead, ({ db, user, params, body }) => markThreadRead(db, user, params.questionId, body.upTo)),
  route(comments.resolve, ({ db, user, actor, params }) => resolveFlag(db, user, actor, params.questionId, params.commentId)),
  route(comments.reopen, ({ db, user, actor, params }) => reopenFlag(db, user, actor, params.questionId, params.commentId)),
];
