import { z } from "zod";
import { defineJob } from "~/jobs/jobs.server";
import { syncInstagramPosts } from "./sync-instagram-posts.server";

/**
 * The scheduled Instagram sync (every INSTAGRAM_SYNC_MINUTES, once per interval across
 * instances; registered only when a token is configured). A failed sync is retried twice
 * with backoff and then waits for the next interval.
 */
export const instagramSyncJob = defineJob(
  "instagram-sync",
  z.object({}).passthrough(),
  async () => {
    const result = await syncInstagramPosts();
    if (result.status === "failed") throw new Error(`${result.kind}: ${result.error}`);
    return result;
  },
  { maxAttempts: 3, backoffSeconds: 60 },
);
