import { FORM_CASES } from "../support/form-registry";
import { defineFormFuzz } from "../support/form-fuzz";

/** Issue 13's fuzz (ADR 074) of the staff forms: every form under /dashboard. */
defineFormFuzz(FORM_CASES.filter((f) => f.path({}).startsWith("/dashboard")));
