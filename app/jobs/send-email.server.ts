import { z } from "zod";
import { sendMail } from "~/integrations/mailer.server";
import { defineJob, enqueueJob, PermanentJobError, type EnqueueOptions } from "./jobs.server";

const mailSchema = z.object({
  to: z.string().min(3),
  from: z.string().max(250).optional(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().optional(),
  // The service records' thread headers (issue 22 §5, ADR 264).
  messageId: z.string().max(250).optional(),
  inReplyTo: z.string().max(250).optional(),
  references: z.string().max(1000).optional(),
  /**
   * Small files carried in the job's payload as base64 (a charge's QR code, issue 19 item 7);
   * `cid` makes one an inline image the HTML refers to as `cid:<cid>`.
   */
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1),
        contentType: z.string().min(1),
        contentBase64: z.string().max(200_000),
        cid: z.string().optional(),
      }),
    )
    .max(5)
    .optional(),
});

export type QueuedMail = z.input<typeof mailSchema>;

/**
 * E-mail through the job queue: retried with backoff (1, 2, 4, 8, 16 minutes) while the SMTP
 * server is unreachable or answers 4xx ("try later"); a 5xx answer (mailbox refused) is final.
 * For notices whose sender need not wait for the outcome; a screen that must say what happened
 * (the contact reply) calls sendMail directly.
 */
export const sendEmailJob = defineJob(
  "send-email",
  mailSchema,
  async ({ payload }) => {
    try {
      const { attachments, ...mail } = payload;
      await sendMail({
        ...mail,
        attachments: attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, "base64"),
          cid: a.cid,
        })),
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (typeof code === "number" && code >= 500) throw new PermanentJobError(`SMTP ${code}: ${(error as Error).message}`);
      throw error;
    }
  },
  { maxAttempts: 6, backoffSeconds: 60 },
);

/** Queues one e-mail; pass `tx` to send it only if the surrounding write commits. */
export function enqueueEmail(mail: QueuedMail, opts: EnqueueOptions = {}) {
  return enqueueJob(sendEmailJob, mail, opts);
}
