import routes from "../../app/routes";

type Entry = { path?: string; index?: boolean; file: string; id?: string; children?: Entry[] };

/** Every URL pattern of routes.ts, with its module file (layouts contribute no URL of their own). */
export function flattenRoutes(): Array<{ pattern: string; file: string }> {
  const out: Array<{ pattern: string; file: string }> = [];
  const walk = (entries: Entry[], prefix: string) => {
    for (const e of entries) {
      const here = e.path ? (prefix ? `${prefix}/${e.path}` : e.path) : prefix;
      if (e.children?.length) walk(e.children, here);
      else out.push({ pattern: `/${here}`.replace(/\/+$/, "") || "/", file: e.file });
    }
  };
  walk(routes as unknown as Entry[], "");
  return out;
}
