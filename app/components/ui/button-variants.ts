import { cva } from "class-variance-authority";

// The button classes on their own, so a <Link> can be styled as a button without loading
// <Button> (Radix Slot) or tailwind-merge. Used bare (no `cn`), only the combinations whose
// classes don't conflict are safe: variants default/secondary/outline/ghost/destructive/light
// with size sm, md or icon (size lg's text-base and variant link's px-0 override base or size
// classes and need `cn`, as <Button> does).
export const buttonVariants = cva(
  // The base is the `.btn` class (app/app.css, components layer: any utility overrides it, ADR 291).
  "btn",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-brand-700",
        secondary: "bg-navy-900 text-white shadow-sm hover:bg-navy-800 focus-visible:outline-navy-900",
        outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-700",
        ghost: "text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-700",
        destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700",
        link: "text-brand-700 underline-offset-4 hover:underline px-0",
        light: "bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white",
      },
      size: {
        sm: "h-9 px-3",
        md: "h-11 px-4",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "md" },
  },
);
