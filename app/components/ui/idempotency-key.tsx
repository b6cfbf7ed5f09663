import * as React from "react";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/utils/idempotency";

/**
 * The hidden idempotency key of a create form (issue 19 §8, ADR 196): one per rendering of the
 * form, a new one when `generation` changes (pass the form's `resetKey`, which changes after
 * each success), so a double click or a retry of one filling sends one key and the server
 * creates one record. Without JavaScript the key of the server's render is posted. The browser's
 * render makes another key than the server's; the server's stays in the page until the next
 * generation (hence suppressHydrationWarning), which is all the server needs.
 */
export function IdempotencyKey({ generation = 0 }: { generation?: unknown }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key per generation, on purpose
  const key = React.useMemo(() => newIdempotencyKey(), [generation]);
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} suppressHydrationWarning />;
}
