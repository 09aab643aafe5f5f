import type { ReactNode } from 'react';
import { ApiError } from '../api';

/** What a failed call tells the user: the server's message (or a message already worded), else the fallback (no connection, a bug). */
export function errorMessage(err: unknown, fallback: string): string {
  if (typeof err === 'string') return err;
  return err instanceof ApiError ? err.message : fallback;
}

/** A failure shown in place and announced to screen readers; nothing while there is no message. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="error" role="alert">
      {children}
    </p>
  );
}

/**
 * The load-error view: a read that failed (a resource's `error`), in place of its data; nothing
 * while it has not. `after` follows the message (a retry button). With `back`, a way out under it,
 * it is the whole page (under its `heading`), for a page that has nothing else to show.
 */
export function LoadError({ error, fallback = 'It could not be loaded.', after, heading, back }: { error: unknown; fallback?: string; after?: ReactNode; heading?: ReactNode; back?: ReactNode }) {
  if (error === undefined || error === null) return null;
  const message = (
    <ErrorMessage>
      {errorMessage(error, fallback)}
      {after}
    </ErrorMessage>
  );
  if (back === undefined) return message;
  return (
    <section className="page">
      {heading !== undefined && <h1>{heading}</h1>}
      {message}
      {back}
    </section>
  );
}
