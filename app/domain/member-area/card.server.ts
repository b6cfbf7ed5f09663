import QRCode from "qrcode";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { memberAccess, members } from "~/db/schema";
import { getFile } from "~/domain/files/file-store.server";
import { MEMBER_PHOTO_PURPOSE } from "~/domain/members/member-photo.server";
import { paymentStatus } from "~/domain/members/member-options";
import { todayInBrasilia } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { appUrl } from "~/utils/env.server";
import { hitRateLimit, isRateLimited, retryMessage } from "~/utils/rate-limit.server";
import type { MemberSession } from "./member-session.server";
import { firstName } from "~/lib/first-name";

/**
 * The membership card (carteirinha digital) and its public check (issue 23 §5, ADR 272).
 *
 * The card's QR holds `${APP_URL}/verificar/{code}`: the code is random (122 bits), kept in
 * `member_access.verify_code`, and replaced by a database trigger whenever the member's status,
 * situação or anonymisation changes (migration 0036), so a card printed before the change stops
 * verifying. The public page tells "Filiado ativo" or "Não ativo" with the first name and the
 * matrícula only. Unknown codes count against the address (cardVerify), so codes cannot be
 * enumerated from one address; 122 random bits cannot be guessed from many.
 */
export const CARD_MESSAGES = {
  throttled: (wait: string) => `Muitas consultas de carteirinhas não reconhecidas. Tente novamente em ${wait}.`,
  photoNotFound: "Foto não encontrada.",
} as const;

export type Card = {
  name: string;
  firstName: string;
  registrationNumber: number;
  active: boolean;
  statusLabel: string;
  hasPhoto: boolean;
  /** yyyy-mm-dd: the last day of the current month (Brasília) while active; null when not active. */
  validUntil: string | null;
  verifyUrl: string;
  qrSvg: string;
};

/** Active (ADR 272): the members list's own rule (paymentStatus "active") and not anonymised. */
export function isActiveMember(m: { situation: number | null; status: string | null; anonymizedAt: Date | null }) {
  return m.anonymizedAt === null && paymentStatus(m) === "active";
}

export function lastDayOfMonth(today: string) {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${today.slice(0, 7)}-${String(last).padStart(2, "0")}`;
}

const CODE = /^[0-9a-f]{32}$/;

/** The member's verification code, created on first use. */
export async function cardCode(memberId: string): Promise<string> {
  await db().insert(memberAccess).values({ memberId }).onConflictDoNothing();
  const [row] = await db().select({ code: memberAccess.verifyCode }).from(memberAccess).where(eq(memberAccess.memberId, memberId));
  return row.code;
}

/** The holder's columns that the card and its public check show: the name, and whether active. */
const HOLDER = {
  name: members.name,
  registrationNumber: members.registrationNumber,
  situation: members.situation,
  status: members.status,
  anonymizedAt: members.anonymizedAt,
};

export async function myCard(member: Pick<MemberSession, "memberId">, o: { today?: string } = {}): Promise<Card> {
  const [m] = await db()
    .select({ ...HOLDER, photoFileId: members.photoFileId })
    .from(members)
    .where(eq(members.id, member.memberId));
  const code = await cardCode(member.memberId);
  const active = isActiveMember(m);
  const verifyUrl = `${appUrl()}/verificar/${code}`;
  const qr = await QRCode.toString(verifyUrl, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  const label = "QR Code para verificar esta carteirinha no site do sindicato";
  return {
    name: m.name,
    firstName: firstName(m.name),
    registrationNumber: m.registrationNumber,
    active,
    statusLabel: active ? "Filiado ativo" : "Não ativo",
    hasPhoto: m.photoFileId !== null,
    validUntil: active ? lastDayOfMonth(o.today ?? todayInBrasilia()) : null,
    verifyUrl,
    qrSvg: qr
      .trim()
      .replace(/^<svg /, `<svg role="img" aria-label="${label}" `)
      .replace(/^(<svg[^>]*>)/, `$1<title>${label}</title>`),
  };
}

/** The member's own photo, or 404. */
export async function myPhoto(member: Pick<MemberSession, "memberId">) {
  const [m] = await db().select({ photoFileId: members.photoFileId }).from(members).where(eq(members.id, member.memberId));
  const file = m?.photoFileId ? await getFile(m.photoFileId) : undefined;
  if (!file || file.purpose !== MEMBER_PHOTO_PURPOSE) throw new AppError(404, CARD_MESSAGES.photoNotFound);
  return file;
}

export type Verification = { found: false } | { found: true; active: boolean; firstName: string; registrationNumber: number };

/** The public check: first name and matrícula only; no CPF, no photo. Throws 429 when throttled. */
export async function verifyCard(code: string, clientIp: string): Promise<Verification> {
  const limited = await isRateLimited("cardVerify", clientIp);
  if (!limited.allowed) throw new AppError(429, CARD_MESSAGES.throttled(retryMessage(limited.retryAfterSeconds)));
  const normalized = code.trim().toLowerCase();
  const [row] = CODE.test(normalized)
    ? await db()
        .select(HOLDER)
        .from(memberAccess)
        .innerJoin(members, eq(members.id, memberAccess.memberId))
        .where(eq(memberAccess.verifyCode, normalized))
    : [];
  if (!row) {
    await hitRateLimit("cardVerify", clientIp);
    return { found: false };
  }
  return {
    found: true,
    active: isActiveMember(row),
    firstName: row.anonymizedAt ? "" : firstName(row.name),
    registrationNumber: row.registrationNumber,
  };
}
