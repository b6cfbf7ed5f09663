import { cepDigits } from "~/lib/br/cep";
import { BR_MESSAGES } from "~/lib/br/messages";

/**
 * The browser side of the CEP look-up: asks GET /api/cep/:cep and turns every answer — found,
 * not found, refused, failed, timed out, offline — into one outcome with the message to show.
 * Never throws, so a failing look-up leaves the form usable by hand.
 */

export type CepAddressFields = { cep: string; street: string; neighbourhood: string; city: string; state: string };

export type CepOutcome =
  | { kind: "found"; address: CepAddressFields; message: string }
  | { kind: "not-found"; message: string }
  | { kind: "unavailable"; message: string };

/** Longer than the server's own timeout to the service, so the server answers first. */
export const CEP_CLIENT_TIMEOUT_MS = 8_000;

export async function fetchCepAddress(
  cep: string,
  options: { baseUrl?: string; timeoutMs?: number; init?: RequestInit } = {},
): Promise<CepOutcome> {
  const digits = cepDigits(cep);
  if (digits.length !== 8) return { kind: "not-found", message: BR_MESSAGES.cepNotFound };
  let res: Response;
  let body: { found?: boolean; address?: CepAddressFields; message?: string } | null;
  try {
    res = await fetch(`${options.baseUrl ?? ""}/api/cep/${digits}`, {
      ...options.init,
      headers: { Accept: "application/json", ...options.init?.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? CEP_CLIENT_TIMEOUT_MS),
    });
    body = await res.json().catch(() => null);
  } catch {
    return { kind: "unavailable", message: BR_MESSAGES.cepUnavailable };
  }
  if (res.ok && body?.found && body.address) {
    return { kind: "found", address: body.address, message: BR_MESSAGES.cepFilled };
  }
  if (res.status === 400 || res.status === 404) return { kind: "not-found", message: BR_MESSAGES.cepNotFound };
  return { kind: "unavailable", message: body?.message ?? BR_MESSAGES.cepUnavailable };
}

/** The original fills one address line with the street plus the neighbourhood. */
export function addressLine(address: Pick<CepAddressFields, "street" | "neighbourhood">): string {
  return [address.street, address.neighbourhood].filter(Boolean).join(", ");
}
