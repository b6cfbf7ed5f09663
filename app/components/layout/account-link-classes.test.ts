import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button-variants";
import { cn } from "~/lib/cn";
import { ACCOUNT_LINK_CLASSES } from "./account-link-classes";

describe("header account link classes", () => {
  it("are exactly the small button's classes (what <Button asChild size='sm'> rendered)", () => {
    for (const variant of ["default", "outline"] as const) {
      expect(ACCOUNT_LINK_CLASSES[variant]).toBe(buttonVariants({ size: "sm", variant }));
      expect(ACCOUNT_LINK_CLASSES[variant]).toBe(cn(buttonVariants({ size: "sm", variant })));
    }
  });
});
