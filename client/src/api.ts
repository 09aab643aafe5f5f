import type { ErrorCode, FieldIssue } from '../../shared/errors';

/** A failed API call, carrying the server's stable error code and field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get issues(): FieldIssue[] {
    const d = this.details as { issues?: FieldIssue[] } | undefined;
    return d?.issues ?? [];
  }

  get isConflict(): boolean {
    return this.status === 409;
  }
}

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();
/** Called when any request finds the session gone (401), so the app can show the login page. */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/**
 * Whom requests are sent for, and how many logins there have been. A request can be answered
 * 401 after a login it was sent before: a page's first load asked while nobody was logged in, or
 * a save sent as the session ended and answered after the login over the page. Such a 401 says
 * nothing about the session now open.
 */
let logins = 0;
let user: string | null = null;
/** A login at the form or over the page. */
export function loggedIn(username: string): void {
  logins++;
  user = username;
}
/** Who the session belongs to as the app learned it without a login (its start-up question, a logout). */
export function sessionOf(username: string | null): void {
  user = username;
}

const reauthenticatedListeners = new Set<Listener>();
/** Called after the user logged in again over the page (the session had ended while working). */
export function onReauthenticated(listener: Listener): () => void {
  reauthenticatedListeners.add(listener);
  return () => reauthenticatedListeners.delete(listener);
}
export function notifyReauthenticated(): void {
  reauthenticatedListeners.forEach((l) => l());
}

// Browsers allow keepalive requests only up to 64 KiB of body in flight.
const KEEPALIVE_LIMIT = 60_000;

export interface RequestOptions {
  /** Let the request finish even if the page is closed (a draft saved while leaving). */
  keepalive?: boolean;
  /** A 401 here is an answer (a wrong password at login, nobody logged in yet at start-up), not a lost session. */
  public?: boolean;
}

/** One JSON request; call() in apiCall.ts is the typed way to make it. */
export async function request<T>(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  let res: Response;
  const [sentAfter, sentFor] = [logins, user];
  const json = body === undefined ? undefined : JSON.stringify(body);
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
      body: json,
      keepalive: options.keepalive === true && (json?.length ?? 0) < KEEPALIVE_LIMIT,
    });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached. Check your connection; nothing was saved.');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const err = (data as { error?: { code: ErrorCode; message: string; details?: unknown } } | undefined)?.error;
    if (res.status === 401 && options.public !== true) {
      // Refused for the session it was sent with (a 401 means nothing was done): the same person
      // has logged in again since, so it is sent again; sent for someone else or for nobody, it
      // only fails. Otherwise the session just ended.
      if (sentAfter !== logins && sentFor !== null && sentFor === user) return request<T>(method, url, body, options);
      if (sentAfter === logins) unauthenticatedListeners.forEach((l) => l());
    }
    throw new ApiError(res.status, err?.code ?? 'internal', err?.message ?? `Request failed (${res.status}).`, err?.details);
  }
  return data as T;
}

/** Upload a file with progress (fetch cannot report upload progress; XHR can); upload() in apiCall.ts types it. */
export function uploadWithProgress<T>(url: string, file: Blob, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload failed: the server cannot be reached.'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else {
        const err = (data as { error?: { code: ErrorCode; message: string; details?: unknown } } | undefined)?.error;
        reject(new ApiError(xhr.status, err?.code ?? 'internal', err?.message ?? `Upload failed (${xhr.status}).`, err?.details));
      }
    };
    xhr.send(file);
  });
}
