const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL or a form has a UUID's form, checked before it reaches a uuid column (else a 404, not a database error). */
export function isUuid(value: string) {
  return UUID.test(value);
}
