/** The public complaint form's body (title, `description`, consent ticked), as a browser posts it. */
export function complaintBody(title: string, description: string) {
  const fd = new FormData();
  fd.set("title", title);
  fd.set("description", description);
  fd.set("consent", "on");
  return fd;
}
