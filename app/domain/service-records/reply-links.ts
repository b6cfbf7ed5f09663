/** Where a file of a requester's e-mail reply is downloaded (issue 22 §5, ADR 264): safe in the browser bundle. */
export function replyFileHref(fileId: string) {
  return `/dashboard/atendimentos/respostas/${fileId}`;
}

/** The staff list of service records, where a record's pages send back what they cannot show. */
export const SERVICE_LIST = "/dashboard/atendimentos";
