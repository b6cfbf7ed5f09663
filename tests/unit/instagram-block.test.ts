import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { InstagramFeedView, instagramHandle, type InstagramState } from "~/components/home/instagram-block";
import { INSTAGRAM_MESSAGES, truncateCaption, withCutCaptions, type InstagramPost } from "~/domain/instagram/instagram";

const render = (state: InstagramState) => renderToStaticMarkup(createElement(InstagramFeedView, { state }));

function post(i: number, caption: string | null = `Legenda ${i}`): InstagramPost {
  return {
    id: `p${i}`,
    caption,
    link: `https://www.instagram.com/p/p${i}/`,
    image: i % 2 ? `/imagens/00000000-0000-0000-0000-00000000000${i}` : null,
    media_url: null,
    timestamp: `2026-10-0${i}T12:00:00Z`,
  };
}

describe("truncateCaption", () => {
  it("keeps captions of up to 150 characters and cuts longer ones at 150 with '...'", () => {
    expect(truncateCaption("a".repeat(150))).toBe("a".repeat(150));
    expect(truncateCaption("a".repeat(151))).toBe(`${"a".repeat(150)}...`);
    expect(truncateCaption(null)).toBe("");
  });

  it("is idempotent, so a caption cut on the server is not cut again", () => {
    const once = truncateCaption(`${"palavra ".repeat(18)}${"x".repeat(40)}`);
    expect(truncateCaption(once)).toBe(once);
    const feed = withCutCaptions({ success: true, error: null, posts: [post(1, "b".repeat(300))] });
    expect(feed.posts[0].caption).toBe(`${"b".repeat(150)}...`);
  });
});

describe("the Instagram block's states", () => {
  it("loading: a polite status with placeholders", () => {
    const html = render({ status: "loading" });
    expect(html).toContain('role="status"');
    expect(html).toContain("Carregando posts do Instagram");
  });

  it("HTTP failure: the original's error box", () => {
    expect(render({ status: "error" })).toContain(`role="alert"`);
    expect(render({ status: "error" })).toContain(INSTAGRAM_MESSAGES.loadError);
    expect(render({ status: "ready", feed: { success: false, posts: [], error: "x" } })).toContain(INSTAGRAM_MESSAGES.loadError);
  });

  it("no posts: the backend's error, or 'Nenhum post encontrado no momento'", () => {
    expect(render({ status: "ready", feed: { success: true, posts: [], error: null } })).toContain("Nenhum post encontrado no momento");
    const withError = render({ status: "ready", feed: { success: true, posts: [], error: "Token expirado" } });
    expect(withError).toContain("Token expirado");
    expect(withError).not.toContain(INSTAGRAM_MESSAGES.empty);
  });

  it("posts: at most 3, captions cut at 150 characters, a link to each post", () => {
    const long = "c".repeat(200);
    const html = render({ status: "ready", feed: { success: true, error: null, posts: [post(1, long), post(2), post(3), post(4)] } });
    expect(html.match(/<li\b(?!ne)/g)).toHaveLength(3);
    expect(html).toContain(`${"c".repeat(150)}...`);
    expect(html).not.toContain("c".repeat(151));
    for (const i of [1, 2, 3]) expect(html).toContain(`href="https://www.instagram.com/p/p${i}/"`);
    expect(html).not.toContain("p4");
    // A post whose picture could not be copied still shows, with a placeholder.
    expect(html).toContain('src="/imagens/00000000-0000-0000-0000-000000000001"');
  });

  it("the profile handle comes from the profile URL", () => {
    expect(instagramHandle("https://www.instagram.com/sindicato.df/")).toBe("@sindicato.df");
    expect(instagramHandle("https://exemplo.org")).toBe("nosso perfil");
  });
});
