import { FORM_CASES } from "../support/form-registry";
import { defineFormFuzz } from "../support/form-fuzz";

/** Issue 13's fuzz (ADR 074) of the public and sign-in forms: every form not behind the dashboard. */
defineFormFuzz(FORM_CASES.filter((f) => !f.path({}).startsWith("/dashboard")));
