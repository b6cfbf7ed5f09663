import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { IdCard, LayoutDashboard, LogIn, Menu, X } from "~/components/icons/public-icons";
import { ACCOUNT_LINK_CLASSES } from "./account-link-classes";
import { BrandMark } from "./brand-mark";

export const PUBLIC_NAV = [
  { to: "/", label: "Início" },
  { to: "/quem-somos", label: "Quem Somos" },
  { to: "/convencoes", label: "Convenções" },
  { to: "/noticias", label: "Notícias" },
  { to: "/parceiros", label: "Parceiros" },
  { to: "/contato", label: "Contato" },
  { to: "/denuncia", label: "Denúncia" },
];

/**
 * The site's main links, as list items; desktop and the mobile menu style them differently.
 * Plain class strings (no tailwind-merge on public pages): the colour that differs between the
 * active and the other links lives only in `activeClass` / `inactiveClass`.
 */
function NavItems({ linkClass, activeClass, inactiveClass }: { linkClass: string; activeClass: string; inactiveClass: string }) {
  return PUBLIC_NAV.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.to === "/"} className={({ isActive }) => `${linkClass} ${isActive ? activeClass : inactiveClass}`}>
        {item.label}
      </NavLink>
    </li>
  ));
}

export function PublicHeader({ shortName, user }: { shortName: string; user: { role: string } | null }) {
  // A <details> menu: it opens and closes without JavaScript (public pages hydrate lazily,
  // docs/decisions/105-home-first-load-js-floor.md). Once hydrated it closes on every navigation.
  // Not on the first render: a menu opened before hydration stays open.
  const menu = React.useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const shown = React.useRef(pathname);
  React.useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  const account = user ? (
    <Link to={`/dashboard/${user.role}`} className={ACCOUNT_LINK_CLASSES.default}>
      <LayoutDashboard /> Painel
    </Link>
  ) : (
    // Beside the full menu (xl), the staff's door is its icon: its name stays for screen readers
    // and the members' door keeps its words (the member-area trial; ADR 280).
    <Link to="/login" className={ACCOUNT_LINK_CLASSES.outline} title="Área restrita (equipe do sindicato)">
      <LogIn /> <span className="xl:sr-only">Área restrita</span>
    </Link>
  );

  // The members' own door (issue 23): beside the staff's, on every public page, and in the phone menu.
  const memberArea = (
    <Link to="/filiado" className={ACCOUNT_LINK_CLASSES.outline}>
      <IdCard /> Área do Filiado
    </Link>
  );

  return (
    <header
      data-toasts-below
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80 print:hidden"
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex min-w-0 items-center gap-3" aria-label={`${shortName} - página inicial`}>
          <BrandMark className="size-10 shrink-0" />
          <span className="line-clamp-2 max-w-[15rem] text-sm font-bold leading-tight text-navy-950">{shortName}</span>
        </Link>
        <nav aria-label="Principal" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            <NavItems
              linkClass="whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium hover:bg-slate-100 hover:text-slate-950"
              activeClass="text-brand-700"
              inactiveClass="text-slate-700"
            />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            {memberArea}
            {account}
          </div>
          <details ref={menu} id="menu-movel" className="group xl:hidden">
            <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
              {/* The name follows the state through CSS alone: display:none text is not read. */}
              <span className="sr-only group-open:hidden">Abrir menu</span>
              <span className="sr-only hidden group-open:inline">Fechar menu</span>
              <Menu className="size-6 group-open:hidden" />
              <X className="hidden size-6 group-open:block" />
            </summary>
            <nav aria-label="Menu móvel" className="absolute inset-x-0 top-full border-y border-slate-200 bg-white shadow-sm">
              <ul className="container-page grid gap-1 py-3">
                <NavItems
                  linkClass="block rounded-md px-3 py-3 text-base font-medium hover:bg-slate-100"
                  activeClass="bg-brand-50 text-brand-800"
                  inactiveClass="text-slate-800"
                />
                <li className="flex flex-wrap gap-2 pt-2 sm:hidden">
                  {memberArea}
                  {account}
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
