/**
 * The header's account link ("Painel" / "Área restrita"), styled as a small button. The exact
 * classes `buttonVariants({ size: "sm", variant })` gives, written out so public pages load
 * neither class-variance-authority nor the button variants table
 * (account-link-classes.test.ts keeps the two equal).
 */
const BASE = "btn"; // the button's base, a kit class (app/app.css, ADR 291)
const SIZE_SM = "h-9 px-3";

export const ACCOUNT_LINK_CLASSES = {
  default: `${BASE} bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-brand-700 ${SIZE_SM}`,
  outline: `${BASE} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-700 ${SIZE_SM}`,
} as const;
