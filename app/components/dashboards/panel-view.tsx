/**
 * The role panels' pieces (issue 12): figure cards (each a link to its filtered list), bar
 * lists (8 shown, show more/less, 'N de M regiões', labels cut at 15 characters with the full
 * text in a tooltip), recent lists with the original's empty states, plain-SVG 12-month trends
 * with a text alternative (a table), and the 'indisponível' state with a retry.
 */
import * as React from "react";
import { Link } from "react-router";
import { AlertTriangle, RefreshCw } from "~/components/icons/sprite";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { buttonVariants } from "~/components/ui/button-variants";
import { cn } from "~/lib/cn";
import {
  BARS_SHOWN,
  monthLabel,
  truncateLabel,
  type BarList,
  type RecentList,
  type Section,
  type StatCard,
  type Trend,
} from "~/domain/dashboards/panel-types";

export function Unavailable({ title, retryHref }: { title: string; retryHref: string }) {
  return (
    <Card className="border-amber-300 bg-amber-50 p-4" data-unavailable>
      <p className="flex items-center gap-2 font-semibold text-amber-950">
        <AlertTriangle className="size-4" aria-hidden /> {title}
      </p>
      <p className="mt-1 text-sm text-amber-950">Indisponível no momento.</p>
      <Link to={retryHref} reloadDocument className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-3")}>
        <RefreshCw aria-hidden /> Tentar novamente
      </Link>
    </Card>
  );
}

/** Columns by how many cards a row holds, so 3 or 5 cards fill their row (no empty column). */
function cardColumns(n: number) {
  if (n === 3) return "sm:grid-cols-3";
  if (n === 5) return "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5";
  return "sm:grid-cols-2 xl:grid-cols-4";
}

export function StatCards({ cards, retryHref, label = "Indicadores" }: { cards: Section<StatCard>[]; retryHref: string; label?: string }) {
  return (
    <ul className={cn("grid grid-cols-1 gap-4", cardColumns(cards.length))} aria-label={label}>
      {cards.map((s, i) =>
        s.ok ? (
          <li key={s.data.id}>
            <StatCardView card={s.data} />
          </li>
        ) : (
          <li key={`${s.id}-${i}`}>
            <Unavailable title={s.title} retryHref={retryHref} />
          </li>
        ),
      )}
    </ul>
  );
}

function StatCardView({ card }: { card: StatCard }) {
  const value = card.display ?? card.value.toLocaleString("pt-BR");
  const body = (
    <>
      <span className="block text-sm font-medium text-slate-700">{card.label}</span>
      <span className="mt-2 block text-3xl font-bold tabular-nums text-navy-950" data-card-value={card.value}>
        {value}
      </span>
      {card.hint ? <span className="mt-1 block text-xs text-slate-600">{card.hint}</span> : null}
    </>
  );
  const cls = "block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
  return card.href ? (
    <Link
      to={card.href}
      className={cn(cls, "transition hover:border-brand-400 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2")}
      data-card={card.id}
    >
      {body}
      <span className="sr-only">: ver a lista</span>
    </Link>
  ) : (
    <div className={cls} data-card={card.id}>
      {body}
    </div>
  );
}

export function BarListView({ list }: { list: BarList }) {
  const [open, setOpen] = React.useState(false);
  const shown = open ? list.bars : list.bars.slice(0, BARS_SHOWN);
  const max = Math.max(1, ...list.bars.map((b) => b.value));
  const id = React.useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-t`}>{list.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.bars.length === 0 ? (
          <p className="text-sm text-slate-600">{list.empty}</p>
        ) : (
          <ul aria-labelledby={`${id}-t`} className="grid gap-2" id={`${id}-l`}>
            {shown.map((b) => {
              const label = truncateLabel(b.label);
              const inner = (
                <>
                  <span className="flex justify-between gap-2 text-sm">
                    <span className="truncate text-slate-800" title={b.label}>
                      {label}
                    </span>{" "}
                    <span className="font-semibold tabular-nums text-slate-900" data-bar-value={b.value}>
                      {b.value.toLocaleString("pt-BR")}
                    </span>
                  </span>
                  <span className="mt-1 block h-2 rounded-full bg-slate-100" aria-hidden>
                    <span
                      className="block h-2 rounded-full bg-brand-600"
                      style={{
                        width: `${Math.max(2, (b.value / max) * 100)}%`,
                      }}
                    />
                  </span>
                </>
              );
              return (
                <li key={b.label}>
                  {b.href ? (
                    <Link to={b.href} className="block rounded-md p-1 hover:bg-slate-50" title={b.label} data-bar={b.label}>
                      {inner}
                    </Link>
                  ) : (
                    <div className="p-1">{inner}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {list.bars.length > BARS_SHOWN ? (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="text-slate-600">
              {shown.length} de {list.total} {list.noun}
            </span>
            <button
              type="button"
              className={buttonVariants({ variant: "outline", size: "sm" })}
              aria-expanded={open}
              aria-controls={`${id}-l`}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? "Ver menos" : "Ver mais"}
            </button>
          </div>
        ) : list.total > list.bars.length ? (
          <p className="mt-3 text-sm text-slate-600">
            {list.bars.length} de {list.total} {list.noun}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function RecentListView({ list }: { list: RecentList }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{list.title}</CardTitle>
        {list.moreHref ? (
          <Link to={list.moreHref} className="shrink-0 whitespace-nowrap text-sm font-medium text-brand-800 underline underline-offset-2">
            {list.moreLabel ?? "Ver todos"}
            <span className="sr-only"> ({list.title})</span>
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {list.items.length === 0 ? (
          <p className="text-sm text-slate-600">{list.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1">
                  {item.href ? (
                    <Link to={item.href} className="block break-words font-medium text-slate-900 hover:underline">
                      {item.title}
                    </Link>
                  ) : (
                    <span className="block break-words font-medium text-slate-900">{item.title}</span>
                  )}
                  <span className="text-xs text-slate-600">{item.date}</span>
                </span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{item.status}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const SERIES_COLOURS = ["#1d4ed8", "#c2410c"];

/** The axis top: the smallest of 1, 2 or 5 times a power of ten at or above the data's maximum (even, so half is a whole tick). */
export function niceMax(value: number) {
  const power = 10 ** Math.floor(Math.log10(Math.max(1, value)));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return Math.max(2, step * power);
  return 10 * power;
}

/** A small line chart of 12 months in plain SVG, described by a visually hidden table. */
export function TrendChart({ trend }: { trend: Trend }) {
  const id = React.useId();
  const W = 320;
  const H = 120;
  const pad = { l: 30, r: 8, t: 10, b: 22 };
  const values = trend.points.flatMap((p) => p.values);
  const max = trend.unit === "%" ? 100 : niceMax(Math.max(1, ...values));
  // The y axis: 0, half and the top, each with its value and a light grid line (issue 19 §1.15).
  const ticks = [0, max / 2, max].filter((v) => Number.isInteger(v));
  const x = (i: number) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, trend.points.length - 1);
  const y = (v: number) => H - pad.b - (v / max) * (H - pad.t - pad.b);
  const fmt = (v: number) => `${v.toLocaleString("pt-BR")}${trend.unit ?? ""}`;
  const last = trend.points[trend.points.length - 1];
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-t`} className="text-base">
          {trend.title}
        </CardTitle>
        <p className="flex flex-wrap gap-3 text-xs text-slate-700">
          {trend.series.map((s, si) => (
            <span key={s} className="flex items-center gap-1">
              <span aria-hidden className="inline-block size-2.5 rounded-full" style={{ background: SERIES_COLOURS[si] }} />
              {s}: {last ? fmt(last.values[si]) : "—"} em {last ? monthLabel(last.month) : ""}
            </span>
          ))}
        </p>
      </CardHeader>
      <CardContent>
        <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
          {ticks.map((v) => (
            <g key={v} data-y-tick={v}>
              <line
                x1={pad.l}
                x2={W - pad.r}
                y1={y(v)}
                y2={y(v)}
                stroke={v === 0 ? "#cbd5e1" : "#e2e8f0"}
                strokeDasharray={v === 0 ? undefined : "3 3"}
              />
              <text x={pad.l - 4} y={y(v) + 3} fontSize="9" textAnchor="end" fill="#334155">
                {fmt(v)}
              </text>
            </g>
          ))}
          {trend.series.map((s, si) => (
            <polyline
              key={s}
              fill="none"
              stroke={SERIES_COLOURS[si]}
              strokeWidth={2}
              points={trend.points.map((p, i) => `${x(i)},${y(p.values[si])}`).join(" ")}
            />
          ))}
          {trend.points.map((p, i) =>
            i % 3 === 0 || i === trend.points.length - 1 ? (
              <text
                key={p.month}
                x={x(i)}
                y={H - 6}
                fontSize="9"
                textAnchor={i === 0 ? "start" : i === trend.points.length - 1 ? "end" : "middle"}
                fill="#334155"
              >
                {monthLabel(p.month)}
              </text>
            ) : null,
          )}
        </svg>
        <div className="sr-only" id={`${id}-d`}>
          <DataTable
            stackBelow="none"
            framed={false}
            className="overflow-visible"
            captionClassName=""
            headClassName=""
            bodyClassName=""
            caption={trend.title}
            rows={trend.points}
            rowKey={(p) => p.month}
            columns={[
              { header: "Mês", rowHeader: true, cell: (p) => monthLabel(p.month) },
              ...trend.series.map((s, i) => ({ header: s, cell: (p: (typeof trend.points)[number]) => fmt(p.values[i]) })),
            ]}
          />
        </div>
      </CardContent>
    </Card>
  );
}
