import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startTestServer, type TestServer } from "../support/server";
import { samplePosts, startFakeInstagram, type FakeInstagram } from "../fakes/instagram-graph";
import { INSTAGRAM_MESSAGES, type InstagramFeed } from "~/domain/instagram/instagram";
import { jobsApi } from "../support/jobs";

type SyncResult = { status: string; stored?: number; imagesCopied?: number; imageFailures?: number; kind?: string; error?: string };
type Sync = () => Promise<SyncResult>;

function syncOf(server: TestServer): Sync {
  return server.hooks.syncInstagramPosts as Sync;
}

async function feed(server: TestServer) {
  const res = await fetch(`${server.url}/api/instagram-posts`);
  return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as InstagramFeed };
}

async function stored(server: TestServer) {
  return server.query<{ id: string; caption: string; permalink: string; image_file_id: string | null }>`
    select id, caption, permalink, image_file_id from instagram_posts order by timestamp desc`;
}

async function instagramFiles(server: TestServer) {
  return server.query<{ id: string; content_type: string; data: Buffer }>`
    select id, content_type, data from files where purpose = 'instagram-image' order by created_at`;
}

describe("without INSTAGRAM_ACCESS_TOKEN", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { INSTAGRAM_ACCESS_TOKEN: "" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("GET /api/instagram-posts answers success with no posts and no error", async () => {
    const r = await feed(server);
    expect(r.status).toBe(200);
    expect(r.type).toContain("application/json");
    expect(r.body).toEqual({ success: true, posts: [], error: null });
  });

  it("nothing syncs: the sync reports itself disabled and the home page shows the empty state", async () => {
    expect(await syncOf(server)()).toEqual({ status: "disabled" });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(INSTAGRAM_MESSAGES.empty);
    expect(html).not.toContain(INSTAGRAM_MESSAGES.loadError);
  });

  it("answers the latest 3 posts by timestamp from the table", async () => {
    for (const [i, day] of ["2026-01-05", "2026-03-01", "2026-02-10", "2026-01-20"].entries()) {
      await server.query`insert into instagram_posts (id, caption, permalink, timestamp)
        values (${`p${i}`}, ${`legenda ${day}`}, ${`https://www.instagram.com/p/p${i}/`}, ${`${day}T12:00:00Z`})`;
    }
    const r = await feed(server);
    expect(r.body.success).toBe(true);
    expect(r.body.error).toBeNull();
    expect(r.body.posts.map((p) => p.caption)).toEqual(["legenda 2026-03-01", "legenda 2026-02-10", "legenda 2026-01-20"]);
    expect(r.body.posts[0]).toMatchObject({
      id: "p1",
      link: "https://www.instagram.com/p/p1/",
      image: null,
      timestamp: "2026-03-01T12:00:00.000Z",
    });
    await server.query`delete from instagram_posts`;
  });
});

describe("scheduled sync against a local fake Graph API", () => {
  let server: TestServer;
  let fake: FakeInstagram;
  beforeAll(async () => {
    fake = await startFakeInstagram({ media: samplePosts(4), hangMs: 4_000 });
    server = await startTestServer({
      env: {
        INSTAGRAM_ACCESS_TOKEN: fake.token,
        INSTAGRAM_API_URL: fake.url,
        INSTAGRAM_TIMEOUT_MS: "800",
        INSTAGRAM_SYNC_MINUTES: "60",
        // Only the start-up run and the ticks the tests make: no poll in between.
        JOBS_POLL_MS: "60000",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    process.env.INSTAGRAM_ACCESS_TOKEN = "";
  });

  it("the first scheduled run stores the posts with re-encoded copies of their pictures", async () => {
    // Started by init(): nobody calls the sync here.
    await expect.poll(async () => (await stored(server)).length, { timeout: 20_000, interval: 250 }).toBe(4);
    const req = fake.requests[0];
    expect(req.path).toBe("/me/media");
    expect(req.query.access_token).toBe(fake.token);
    expect(req.query.fields.split(",")).toEqual(
      expect.arrayContaining(["id", "caption", "media_type", "media_url", "permalink", "timestamp"]),
    );

    const rows = await stored(server);
    expect(rows.map((r) => r.id)).toEqual(samplePosts(4).map((p) => p.id));
    expect(rows.every((r) => r.image_file_id)).toBe(true);
    const copies = await instagramFiles(server);
    expect(copies).toHaveLength(4);
    for (const f of copies) {
      expect(f.content_type).toBe("image/jpeg");
      const meta = await sharp(f.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1080);
    }
  });

  it("the sync is a scheduled job: done once, its outcome recorded for the diagnostics page", async () => {
    const runs = await server.query<{ state: string; attempts: number }>`select state, attempts from jobs where name = 'instagram-sync'`;
    expect(runs).toEqual([{ state: "done", attempts: 1 }]);
    const [status] = await server.query<{ last_ok: boolean; ok_at: boolean; calls: number }>`
      select last_ok, last_success_at is not null as ok_at, calls::int from service_status where service = 'instagram'`;
    expect(status).toEqual({ last_ok: true, ok_at: true, calls: 1 });
  });

  it("a second tick within the interval enqueues nothing (one sync per interval across instances)", async () => {
    const before = fake.requests.length;
    expect(await jobsApi(server).runDueSchedules(["instagram-sync"])).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it("when the interval has passed, three instances ticking together enqueue one sync, which runs once", async () => {
    await server.query`update job_schedules set next_run_at = now() - interval '1 second' where name = 'instagram-sync'`;
    const mediaCalls = () => fake.requests.filter((r) => r.path === "/me/media").length;
    const before = mediaCalls();
    const ticks = await Promise.all([1, 2, 3].map(() => jobsApi(server).runDueSchedules(["instagram-sync"])));
    expect(ticks.flat()).toEqual(["instagram-sync"]);
    jobsApi(server).jobWorker()?.wake();
    await expect
      .poll(
        async () =>
          (await server.query<{ n: number }>`select count(*)::int as n from jobs where name = 'instagram-sync' and state = 'done'`)[0].n,
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toBe(2);
    expect(mediaCalls()).toBe(before + 1);
  });

  it("GET /api/instagram-posts answers the latest 3, pictures served from our own origin", async () => {
    const r = await feed(server);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.error).toBeNull();
    const expected = samplePosts(3);
    expect(r.body.posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(r.body.posts[0].caption).toBe(expected[0].caption);
    expect(r.body.posts[0].link).toBe(`https://www.instagram.com/p/${expected[0].id}/`);
    for (const p of r.body.posts) {
      expect(p.image).toMatch(/^\/imagens\/[0-9a-f-]{36}$/);
      expect(p.media_url).toBe(p.image);
      const img = await fetch(server.url + p.image!);
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toBe("image/jpeg");
    }
  });

  it("the home page renders the 3 posts with captions cut at 150 characters and links to each post", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    for (const p of samplePosts(3)) {
      expect(html).toContain(`href="https://www.instagram.com/p/${p.id}/"`);
      const cut = `${p.caption!.slice(0, 150).trimEnd()}...`;
      expect(html).toContain(cut);
      expect(html).not.toContain(p.caption!);
    }
    expect(html).not.toContain(samplePosts(4)[3].id);
    // No third-party image on the page: pictures come from /imagens/.
    expect(html).not.toContain(fake.url);
  });

  it("an HTTP error leaves the previous posts and pictures in place", async () => {
    const before = await stored(server);
    const filesBefore = (await instagramFiles(server)).map((f) => f.id);
    fake.mode = "http-error";
    const result = await syncOf(server)();
    expect(result).toMatchObject({ status: "failed", kind: "http" });
    expect(result.error).toContain("HTTP 500");
    expect(result.error).not.toContain(fake.token);
    const [status] = await server.query<{
      last_ok: boolean;
      last_error: string;
    }>`select last_ok, last_error from service_status where service = 'instagram'`;
    expect(status.last_ok).toBe(false);
    expect(status.last_error).toContain("HTTP 500");
    expect(status.last_error).not.toContain(fake.token);
    expect(await stored(server)).toEqual(before);
    expect((await instagramFiles(server)).map((f) => f.id)).toEqual(filesBefore);
    expect((await feed(server)).body.posts).toHaveLength(3);
  });

  it("a rejected token (HTTP 400) fails the same way", async () => {
    fake.mode = "ok";
    const realToken = fake.token;
    fake.token = "outro-token";
    const result = await syncOf(server)();
    fake.token = realToken;
    expect(result).toMatchObject({ status: "failed", kind: "http" });
    expect((await stored(server)).length).toBe(4);
  });

  it("a timeout gives up after INSTAGRAM_TIMEOUT_MS and leaves the previous posts", async () => {
    const before = await stored(server);
    fake.mode = "hang";
    const started = Date.now();
    const result = await syncOf(server)();
    const took = Date.now() - started;
    expect(result).toMatchObject({ status: "failed", kind: "timeout" });
    expect(took).toBeGreaterThanOrEqual(700);
    expect(took).toBeLessThan(3_000);
    expect(await stored(server)).toEqual(before);
  });

  it("a body that is not the Graph API's JSON fails without touching the posts", async () => {
    fake.mode = "invalid-json";
    expect(await syncOf(server)()).toMatchObject({ status: "failed", kind: "invalid" });
    expect((await stored(server)).length).toBe(4);
  });

  it("a later sync replaces the set: new posts added, gone posts and their pictures removed, known pictures not downloaded again", async () => {
    fake.mode = "ok";
    const all = samplePosts(4);
    const fresh = { id: "1790000000009999", caption: "Nova postagem", timestamp: "2026-11-01T10:00:00+0000" };
    fake.media = [fresh, all[0], all[1]];
    fake.brokenImages.add(fresh.id);
    const gone = (await stored(server)).filter((r) => r.id === all[2].id || r.id === all[3].id).map((r) => r.image_file_id!);
    const hitsBefore = fake.imageRequests().length;

    const result = await syncOf(server)();
    expect(result).toEqual({ status: "ok", stored: 3, imagesCopied: 0, imageFailures: 1 });
    // Only the new post's picture was asked for (and it failed); the others were kept.
    expect(fake.imageRequests().slice(hitsBefore)).toEqual([fresh.id]);

    const rows = await stored(server);
    expect(rows.map((r) => r.id)).toEqual([fresh.id, all[0].id, all[1].id]);
    expect(rows[0].image_file_id).toBeNull();
    const fileIds = (await instagramFiles(server)).map((f) => f.id);
    expect(fileIds).toHaveLength(2);
    for (const id of gone) expect(fileIds).not.toContain(id);

    const r = await feed(server);
    expect(r.body.posts[0]).toMatchObject({ id: fresh.id, caption: "Nova postagem", image: null });

    // The next sync retries the missing picture.
    fake.brokenImages.clear();
    expect(await syncOf(server)()).toMatchObject({ status: "ok", imagesCopied: 1, imageFailures: 0 });
    expect((await stored(server))[0].image_file_id).toBeTruthy();
  });
});
