import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the request log line may say about a request that only the app learns while answering it:
 * the signed-in staff user's id (ADR 182). The Express request logger opens a note per request
 * (`withRequestNote`) and the session loader fills it in; nothing else is kept.
 */
export type RequestNote = { userId?: string };

const storage = new AsyncLocalStorage<RequestNote>();

/** Runs `fn` (the rest of the request's middleware chain) with `note` as this request's note. */
export function withRequestNote<T>(note: RequestNote, fn: () => T): T {
  return storage.run(note, fn);
}

/** Records the signed-in user of the current request (a no-op outside a request, e.g. in tests). */
export function noteRequestUser(userId: string) {
  const note = storage.getStore();
  if (note) note.userId = userId;
}
