import { z } from 'zod';
import { commentId, markReadBody, postCommentBody, type OpenFlagsView, type ThreadView, type UnreadView } from '../schemas/comments';
import { resource } from './endpoint';
import { questionIdParam } from './params';

// A problem's discussion has the problem's own access rules: an annotator only for problems
// assigned to them (404 otherwise), adjudicators and maintainers for every problem, pilots never.
const DISCUSSING = ['annotator', 'adjudicator', 'maintainer'] as const;
const STAFF = ['adjudicator', 'maintainer'] as const;
const oneProblem = z.object({ questionId: questionIdParam });
const oneComment = z.object({ questionId: questionIdParam, commentId });

export const comments = resource('comments', (endpoint) => ({
  list: endpoint<ThreadView>()({ method: 'get', path: '/api/problems/:questionId/comments', access: DISCUSSING, params: oneProblem }),
  post: endpoint<ThreadView>()({
    method: 'post',
    path: '/api/problems/:questionId/comments',
    access: DISCUSSING,
    params: oneProblem,
    body: postCommentBody,
    status: 201,
    invalidates: ['problems'],
  }),
  markRead: endpoint<ThreadView>()({ method: 'post', path: '/api/problems/:questionId/comments/read', access: DISCUSSING, params: oneProblem, body: markReadBody }),
  resolve: endpoint<ThreadView>()({
    method: 'post',
    path: '/api/problems/:questionId/comments/:commentId/resolve',
    access: STAFF,
    params: oneComment,
    invalidates: ['problems'],
  }),
  /** A closed flag opens again (the same people who may close it). */
  reopen: endpoint<ThreadView>()({
    method: 'post',
    path: '/api/problems/:questionId/comments/:commentId/reopen',
    access: STAFF,
    params: oneComment,
    invalidates: ['problems'],
  }),
  unread: endpoint<UnreadView>()({ method: 'get', path: '/api/comments/unread', access: DISCUSSING }),
  openFlags: endpoint<OpenFlagsView>()({ method: 'get', path: '/api/comments/open-flags', access: STAFF }),
}));
