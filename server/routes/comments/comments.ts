import { comments } from '../../../shared/api/comments';
import { route } from '../../http/route';
import { openFlagsFor, unreadFor } from '../../services/comments/comments';

/** Discussion across problems: the viewer's unread comments, the open flags. */
export const commentRoutes = [
  route(comments.unread, ({ db, user }) => unreadFor(db, user)),
  route(comments.openFlags, ({ db, user }) => openFlagsFor(db, user)),
];
