/** An absolute https:// address with a host and no credentials: the only links public pages show. */
export function isHttpsUrl(value: string) {
  try {
    const u = new URL(value);
    return u.protocol === "https:" && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}
