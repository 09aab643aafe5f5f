import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config';

export type { Logger };

/** The server's logger: one JSON object per line (on stdout unless a destination is given). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger whose lines (at level error and above) go to a function: what tests and the bench pass as `log`. */
export function loggerTo(write: (line: string) => void, level: LogLevel = 'error'): Logger {
  return createLogger(level, { write });
}

/** What a request leaves in res.locals for its log line. */
interface RequestLocals {
  requestId?: string;
  userId?: number;
  error?: unknown;
}

export const locals = (res: Response): RequestLocals => res.locals as RequestLocals;

/** The request id the error response and the log line share. */
export const requestIdOf = (res: Response): string | undefined => locals(res).requestId;

/**
 * One line per request once it is answered (or abandoned): time, request id, method, path
 * without the query's values (only its parameter names), status, duration and the user's id.
 * Never a body, a cookie or a header value. A 5xx is logged at level error with the error's stack.
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    locals(res).requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const start = process.hrtime.bigint();
    let done = false;
    const write = () => {
      if (done) return;
      done = true;
      const { userId, error } = locals(res);
      const url = req.originalUrl;
      const q = url.indexOf('?');
      const line: Record<string, unknown> = {
        reqId: requestId,
        method: req.method,
        path: q < 0 ? url : url.slice(0, q),
        status: res.headersSent ? res.statusCode : null,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
      };
      if (q >= 0) line.query = [...new URLSearchParams(url.slice(q + 1)).keys()];
      if (userId !== undefined) line.userId = userId;
      if (!res.writableFinished) line.aborted = true;
      if (res.statusCode >= 500) {
        if (error !== undefined) line.err = error instanceof Error ? error : new Error(String(error));
        logger.error(line, 'request failed');
      } else {
        logger.info(line, 'request');
      }
    };
    res.on('finish', write);
    res.on('close', write);
    next();
  };
}
