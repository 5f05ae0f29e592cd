/**
 * The back office talks to the api on the same origin (`/api/v1/...`; the vite dev and preview
 * servers proxy it). Errors come back as `{ error: 'key|param' }` (spec §8): `ApiError` keeps the
 * key and its parameter for translation.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: readonly string[],
    /** The response body when it was JSON (some calls carry more than the key, e.g. `login: false`). */
    readonly body: unknown = null,
  ) {
    super(params.length ? `${key}|${params.join('|')}` : key);
  }
}

/** Splits a spec §8 error text: text before the first pipe is the key, the rest fills placeholders. */
export function parseErrorText(text: string): { key: string; params: string[] } {
  const [key = '', ...params] = text.split('|');
  return { key: key.trim(), params };
}

export const API_BASE = '/api/v1';

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly query?: Query;
  readonly signal?: AbortSignal;
  readonly headers?: Record<string, string>;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** A fresh id per command, so a retried request is answered, not repeated (ARCHITECTURE "client request id"). */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(path.startsWith('/') ? path : `${API_BASE}/${path}`, options.query);
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: hasBody ? JSON.stringify(options.body) : null,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // §8 "cannot connect to the server, refresh the page"
    throw new ApiError(0, 'cannotConnect', []);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const errorText = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : '';
    if (errorText) {
      const { key, params } = parseErrorText(errorText);
      throw new ApiError(response.status, key, params, body);
    }
    throw new ApiError(response.status, response.status === 404 ? 'notFound' : 'tecnicalProblemContent', [], body);
  }
  return body as T;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A route the api does not serve (yet): pages show their empty state instead of an error. */
export function isMissingRoute(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.key === 'notFound';
}
