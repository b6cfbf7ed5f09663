/**
 * The service form's look-ups (member by CPF, company by CNPJ) as the browser makes them: one
 * GET with a time limit, and an outcome that tells apart what the form must word differently
 * (ADR 137):
 *   ok          — a 2xx answer in the endpoint's contract;
 *   failed      — an error status (5xx, 429, 401…), or no answer at all: the service is down,
 *                 the connection was refused or cut, or it did not answer within the limit;
 *   unexpected  — a 2xx answer that is not the contract (HTML, truncated JSON, another shape);
 *   aborted     — the caller gave up (the CPF changed), nothing to show.
 * Whatever happens, the form stays usable: the fields are filled by hand and saved.
 */
export const LOOKUP_TIMEOUT_MS = 8_000;

export type LookupOutcome<T> =
  { kind: "ok"; body: T } | { kind: "failed"; status: number | null } | { kind: "unexpected" } | { kind: "aborted" };

export async function lookupJson<T>(
  url: string,
  isContract: (body: unknown) => body is T,
  o: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<LookupOutcome<T>> {
  const controller = new AbortController();
  const giveUp = () => controller.abort();
  if (o.signal?.aborted) return { kind: "aborted" };
  o.signal?.addEventListener("abort", giveUp, { once: true });
  const timer = setTimeout(giveUp, o.timeoutMs ?? LOOKUP_TIMEOUT_MS);
  try {
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!res.ok) return { kind: "failed", status: res.status };
      text = await res.text();
    } catch {
      // Refused, reset, or aborted: by the caller (aborted) or by the time limit (failed).
      return o.signal?.aborted ? { kind: "aborted" } : { kind: "failed", status: null };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { kind: "unexpected" };
    }
    return isContract(body) ? { kind: "ok", body } : { kind: "unexpected" };
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", giveUp);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The members' `GET /api/filiados/consulta` answer (ADR 122; phone and e-mail: ADR 194). */
export type MemberLookupBody = {
  is_member: boolean;
  member_name: string | null;
  member_phone?: string | null;
  member_email?: string | null;
};
const optionalText = (v: unknown) => v === undefined || v === null || typeof v === "string";
export function isMemberLookupBody(v: unknown): v is MemberLookupBody {
  return (
    isObject(v) &&
    typeof v.is_member === "boolean" &&
    (v.is_member ? typeof v.member_name === "string" && v.member_name.trim() !== "" : true) &&
    optionalText(v.member_phone) &&
    optionalText(v.member_email)
  );
}

/** `GET /api/atendimentos/empresa` (ADR 132). */
export type CompanyLookupBody = { found: boolean; company?: { legalName: string } };
export function isCompanyLookupBody(v: unknown): v is CompanyLookupBody {
  return (
    isObject(v) &&
    typeof v.found === "boolean" &&
    (v.found ? isObject(v.company) && typeof v.company.legalName === "string" && v.company.legalName.trim() !== "" : true)
  );
}
