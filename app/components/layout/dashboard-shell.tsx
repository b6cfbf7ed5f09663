import * as React from "react";
import { Form, Link, useLocation } from "react-router";
import { Bell, KeyRound, LogOut, Menu, ShieldCheck } from "~/components/icons/sprite";
import { bellLabel, UNREAD_CAP } from "~/domain/notifications/notification-bell";
import { navEntryFor, type NavItem } from "~/auth/sidebar";
import { cn } from "~/lib/cn";
import { Button } from "~/components/ui/button";
import { BrandMark } from "./brand-mark";
import { NavIcon } from "./nav-icon";
import { SkipLink } from "~/components/layout/skip-link";

const loadDrawer = () => import("./dashboard-drawer");
const LazyDrawer = React.lazy(loadDrawer);

function SidebarNav({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const entry = navEntryFor(pathname);
  // The entry of the page's screen (a record's page marks its list, not the form whose address it
  // extends); for a page outside the role table, the entry whose address it starts with.
  const isCurrent = (item: NavItem) =>
    entry
      ? item.id === entry
      : item.id === "panel"
        ? pathname === item.href
        : pathname === item.href || pathname.startsWith(`${item.href}/`);
  return (
    <nav aria-label="Menu do painel">
      {/* On a laptop's short screen (1280 × 800) the admin's 23 entries fit without scrolling:
          tighter rows there, still above WCAG's 24 px target; the phone's drawer keeps 44 px rows. */}
      <ul className="grid gap-1 md:[@media(max-height:56rem)]:gap-0.5">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.href}
              aria-current={isCurrent(item) ? "page" : undefined}
              // The drawer closes on every tap, also on the page already open (no navigation then).
              onClick={onNavigate}
              className={cn(
                "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white md:[@media(max-height:56rem)]:py-1",
                isCurrent(item) && "bg-brand-700 text-white hover:bg-brand-700",
              )}
            >
              <NavIcon name={item.icon} className="size-5 shrink-0" />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SidebarBrand() {
  return (
    <Link to="/" className="flex items-center gap-3 px-2">
      <BrandMark className="size-9" />
      <span className="text-sm font-bold leading-tight text-white">
        Sindicato dos
        <br />
        Bombeiros Civis
      </span>
    </Link>
  );
}

export function DashboardShell({
  roleLabel,
  userName,
  nav,
  demo,
  unread = 0,
  children,
}: {
  roleLabel: string;
  userName: string;
  nav: NavItem[];
  demo: boolean;
  /** The bell's unread count (issue 22 §7). */
  unread?: number;
  children: React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  // The phone's drawer is fetched at the first press of the menu button (or as a finger or the
  // focus reaches it), then kept: see ./dashboard-drawer.
  const [drawer, setDrawer] = React.useState(false);
  const menuButton = React.useRef<HTMLButtonElement>(null);
  const location = useLocation();
  React.useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="min-h-dvh bg-slate-100 md:grid md:grid-cols-[16rem_1fr] print:block print:bg-white">
      <SkipLink to="painel-conteudo" />
      <div className="hidden bg-navy-950 md:block print:hidden">
        <aside className="sticky top-0 flex h-dvh flex-col gap-6 overflow-y-auto px-3 py-5 [@media(max-height:56rem)]:gap-4 [@media(max-height:56rem)]:py-3">
          <SidebarBrand />
          <SidebarNav items={nav} />
        </aside>
      </div>

      {drawer ? (
        <React.Suspense fallback={null}>
          <LazyDrawer open={open} onOpenChange={setOpen} brand={<SidebarBrand />} returnFocus={menuButton}>
            <SidebarNav items={nav} onNavigate={() => setOpen(false)} />
          </LazyDrawer>
        </React.Suspense>
      ) : null}

      <div className="flex min-w-0 flex-col">
        <header
          data-toasts-below
          className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6 print:hidden"
        >
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Abrir menu"
            aria-expanded={open}
            onPointerDown={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={() => {
              setDrawer(true);
              setOpen(true);
            }}
          >
            <Menu className="size-6" />
          </button>
          <div className="min-w-0 flex-1">
            <p className="text-base leading-tight font-bold text-navy-950 sm:truncate sm:text-lg" data-testid="panel-title">
              Painel - {roleLabel}
            </p>
            <p className="truncate text-xs text-slate-600 sm:text-sm">{userName}</p>
          </div>
          <NotificationBell unread={unread} />
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <Link to="/dashboard/duas-etapas" aria-label="Verificação em duas etapas">
              <ShieldCheck /> <span className="hidden lg:inline">Duas etapas</span>
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <Link to="/dashboard/alterar-senha" aria-label="Alterar senha">
              <KeyRound /> <span className="hidden sm:inline">Alterar senha</span>
            </Link>
          </Button>
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline" size="sm" className="px-2 sm:px-3" aria-label="Sair">
              <LogOut /> <span className="hidden sm:inline">Sair</span>
            </Button>
          </Form>
        </header>
        {demo ? (
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 sm:px-6 print:hidden">
            Modo demonstração: dados fictícios e usuários de demonstração ativos.
          </p>
        ) : null}
        <main id="painel-conteudo" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The bell (issue 22 §7, ADR 266): the unread count from the database, a link to the list. */
function NotificationBell({ unread }: { unread: number }) {
  return (
    <Button asChild variant="ghost" size="sm" className="relative px-2 sm:px-3">
      <Link to="/dashboard/notificacoes" aria-label={bellLabel(unread)} data-testid="notification-bell" data-unread={unread}>
        <Bell />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute -top-0.5 right-0 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {unread > UNREAD_CAP ? `${UNREAD_CAP}+` : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-navy-950">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
